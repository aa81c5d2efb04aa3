import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { eventually, receivedFor } from "../support/mail-harness";
import { CUSTOMER, json, syncLookup } from "../support/storefront-flow";
import { setupTestEnvironment, startTestSmtp, type TestEnvironment } from "../support/test-env";
import { apiRequest } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import { randomCpf, randomPlate } from "../support/workspace-seed";

// Radar from the despachante's side, through the real route handlers: turning it on shows the
// monthly cost first and holds the account's cap (over it, refused in words and nothing changes);
// off stops the watches; another account's client or vehicle ids are a 404 like missing ones and
// change nothing. The Radar page's data: the account's events only, new since the last visit
// first, filtered. "Gerar link" from a debt a Radar re-lookup found. The daily digest over the
// embedded SMTP server: one e-mail per account per São Paulo day from the digest hour, every
// event once, none while SMTP is down lost or sent twice. Events are written as the engine does.

type Db = typeof import("@/lib/db/client").db;
let env: TestEnvironment;
let db: Db;
let radar: typeof import("@/app/api/workspace/radar/route");
let off: typeof import("@/app/api/workspace/radar/off/route");
let cap: typeof import("@/app/api/workspace/radar/cap/route");
let digest: typeof import("@/lib/radar/digest");
let A: { cookie: string; id: string; email: string };
let B: { cookie: string; id: string; email: string };

// São Paulo is UTC-3: 07:30 there is before the digest hour (8), 08:30 after it.
const BEFORE_HOUR = new Date("2026-11-27T10:30:00Z");
const AFTER_HOUR = new Date("2026-11-27T11:30:00Z");
const NEXT_DAY = new Date("2026-11-28T11:30:00Z");

async function account(email: string) {
  const cookie = await signIn(email);
  const { id } = await db.user.findUniqueOrThrow({ where: { email } });
  return { cookie, id, email };
}

/** A client of `userId` with `n` vehicles. */
async function clientWith(userId: string, n: number, uf = "MG") {
  const client = await db.workspaceClient.create({
    data: {
      userId,
      name: CUSTOMER.name,
      cpfCnpj: randomCpf(),
      phone: "31987654321",
      email: `c.${randomUUID()}@example.com`,
    },
  });
  const vehicles = [];
  for (let i = 0; i < n; i++)
    vehicles.push(
      await db.workspaceVehicle.create({
        data: {
          userId,
          clientId: client.id,
          plate: randomPlate(),
          uf,
          renavam: SANDBOX_VEHICLES.syncAnswer.renavam,
        },
      }),
    );
  return { client, vehicles };
}

const post = (
  route: { POST: (req: Request) => Promise<Response> },
  path: string,
  cookie: string,
  body: unknown,
) => route.POST(apiRequest(path, { cookie, body }));
const turnOn = (cookie: string, body: unknown) => post(radar, "/api/workspace/radar", cookie, body);
const view = async (cookie: string, query = "") =>
  radar.GET(apiRequest(`/api/workspace/radar${query}`, { method: "GET", cookie }));

/** An event as the engine writes it. */
async function event(
  userId: string | null,
  watchId: string,
  data: Partial<{
    kind: string;
    reason: string;
    title: string | null;
    debtId: string;
    lookupId: string;
    amountCents: number;
    createdAt: Date;
  }> = {},
) {
  return db.radarEvent.create({
    data: {
      userId,
      watchId,
      dedupeKey: `test|${randomUUID()}`,
      kind: "appeared",
      title: "Multa - Radar",
      amountCents: 19_523,
      type: "ticket",
      ...data,
    },
  });
}

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_SIGN_IN: "1000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000",
      LOG_LEVEL: "error",
      RADAR_DEFAULT_MONTHLY_CAP: "40",
      RADAR_DIGEST_HOUR: "8",
    },
  });
  ({ db } = await import("@/lib/db/client"));
  radar = await import("@/app/api/workspace/radar/route");
  off = await import("@/app/api/workspace/radar/off/route");
  cap = await import("@/app/api/workspace/radar/cap/route");
  digest = await import("@/lib/radar/digest");
  A = await account(`radar.a.${Date.now()}@despachante.test`);
  B = await account(`radar.b.${Date.now()}@despachante.test`);
});
afterAll(() => env?.close());

describe("turning Radar on and off", () => {
  it("shows the monthly cost first, turns the chosen vehicles on within the cap, refuses more in words and changes nothing", async () => {
    const { client, vehicles } = await clientWith(A.id, 3);
    // Weekly: 5 lookups a month per vehicle (30 days over 7), daily: 30.
    const preview = await json<{
      vehicles: number;
      selectionPerMonth: number;
      totalPerMonth: number;
      monthlyCap: number;
      withinCap: boolean;
    }>(
      await turnOn(A.cookie, {
        selection: { scope: "clients", clientIds: [client.id] },
        recurrence: "weekly",
      }),
    );
    expect(preview).toMatchObject({
      vehicles: 3,
      selectionPerMonth: 15,
      totalPerMonth: 15,
      monthlyCap: 40,
      withinCap: true,
    });
    expect(await db.radarWatch.count({ where: { userId: A.id } })).toBe(0);

    const on = await turnOn(A.cookie, {
      selection: { scope: "vehicles", vehicleIds: vehicles.slice(0, 2).map((v) => v.id) },
      recurrence: "weekly",
      confirm: true,
    });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await json(on)).toMatchObject({ turnedOn: 2, totalPerMonth: 10 });
    const watches = await db.radarWatch.findMany({ where: { userId: A.id } });
    expect(watches).toHaveLength(2);
    for (const w of watches) {
      expect(w).toMatchObject({
        kind: "workspace",
        status: "active",
        recurrence: "weekly",
        baselineLookupId: null,
      });
      expect(w.notBefore!.getTime()).toBe(w.nextScanAt!.getTime());
      expect(w.notBefore!.getTime()).toBeGreaterThan(Date.now() - 1_000);
    }

    // Daily for all three: 10 (the two weekly, replaced) -> 90 a month, over 40: refused, nothing changes.
    const over = await turnOn(A.cookie, {
      selection: { scope: "all" },
      recurrence: "daily",
      confirm: true,
    });
    expect(over.status).toBe(422);
    const refusal = await json<{
      error: { code: string; message: string; fields: Record<string, string> };
    }>(over);
    expect(refusal.error.code).toBe("RADAR_CAP_EXCEEDED");
    expect(refusal.error.message).toContain("90 consultas por mês, acima do limite de 40");
    // The words of docs/errors.md (the registry's), with the numbers; and the whole cost, so the
    // page replaces its preview with what the cap allows now.
    const { ERROR_CODES } = await import("@/lib/errors/codes");
    const advice = ERROR_CODES.RADAR_CAP_EXCEEDED.message.split(". ").slice(1).join(". ");
    expect(advice).toMatch(/^Nada foi alterado: /);
    expect(refusal.error.message.endsWith(` da sua conta. ${advice}`)).toBe(true);
    expect(refusal.error.fields).toEqual({
      vehicles: "3",
      selectionPerMonth: "90",
      othersPerMonth: "0",
      totalPerMonth: "90",
      monthlyCap: "40",
    });
    expect(
      await db.radarWatch.findMany({ where: { userId: A.id }, orderBy: { id: "asc" } }),
    ).toEqual(watches.sort((a, b) => a.id.localeCompare(b.id)));

    // A higher cap lets it through; the recurrence of the active ones changes, the third is new.
    expect(
      (await post(cap, "/api/workspace/radar/cap", A.cookie, { monthlyCap: 100 })).status,
    ).toBe(200);
    expect(
      await json(
        await turnOn(A.cookie, { selection: { scope: "all" }, recurrence: "daily", confirm: true }),
      ),
    ).toMatchObject({ turnedOn: 3, totalPerMonth: 90, monthlyCap: 100 });
    expect(
      await db.radarWatch.count({ where: { userId: A.id, status: "active", recurrence: "daily" } }),
    ).toBe(3);

    const stopped = await post(off, "/api/workspace/radar/off", A.cookie, {
      selection: { scope: "vehicles", vehicleIds: [vehicles[0]!.id] },
    });
    expect(await json(stopped)).toEqual({ turnedOff: 1 });
    expect(
      await db.radarWatch.findUniqueOrThrow({ where: { vehicleId: vehicles[0]!.id } }),
    ).toMatchObject({ status: "stopped", stopReason: "radar_off", notBefore: null });
    expect(await json(await view(A.cookie))).toMatchObject({
      watched: 2,
      usedPerMonth: 60,
      monthlyCap: 100,
      capReached: false,
    });
    expect((await post(cap, "/api/workspace/radar/cap", A.cookie, { monthlyCap: 60 })).status).toBe(
      200,
    );
    expect(await json(await view(A.cookie))).toMatchObject({ capReached: true });
  });

  it("a vehicle with a finished batch lookup starts from it; one without starts from none", async () => {
    const user = await account(`radar.h.${Date.now()}@despachante.test`);
    const { vehicles } = await clientWith(user.id, 2);
    const { lookupId } = await syncLookup();
    const batch = await db.lookupBatch.create({ data: { userId: user.id } });
    await db.lookupBatchItem.create({
      data: {
        batchId: batch.id,
        vehicleId: vehicles[0]!.id,
        lookupId,
        status: "done",
        finishedAt: new Date(),
      },
    });
    await turnOn(user.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    expect(
      await db.radarWatch.findUniqueOrThrow({ where: { vehicleId: vehicles[0]!.id } }),
    ).toMatchObject({ baselineLookupId: lookupId });
    expect(
      await db.radarWatch.findUniqueOrThrow({ where: { vehicleId: vehicles[1]!.id } }),
    ).toMatchObject({ baselineLookupId: null });
  });

  it("two confirmations at once that each fit the cap but not together: one passes, the other is refused", async () => {
    const user = await account(`radar.g.${Date.now()}@despachante.test`);
    const one = await clientWith(user.id, 2);
    const two = await clientWith(user.id, 2);
    // 4 weekly watches a client's pair = 10 a month each; the cap takes one pair.
    await post(cap, "/api/workspace/radar/cap", user.cookie, { monthlyCap: 15 });
    const answers = await Promise.all(
      [one, two].map((c) =>
        turnOn(user.cookie, {
          selection: { scope: "clients", clientIds: [c.client.id] },
          recurrence: "weekly",
          confirm: true,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await db.radarWatch.count({ where: { userId: user.id, status: "active" } })).toBe(2);
  });

  it("another account's client or vehicle ids are refused like missing ones and change nothing of either account", async () => {
    const mine = await clientWith(A.id, 1);
    const theirs = await clientWith(B.id, 1);
    await turnOn(B.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    const snapshot = async () =>
      JSON.stringify(await db.radarWatch.findMany({ orderBy: { id: "asc" } }));
    const before = await snapshot();
    const bodies = [
      {
        selection: { scope: "clients", clientIds: [theirs.client.id] },
        recurrence: "weekly",
        confirm: true,
      },
      {
        selection: { scope: "clients", clientIds: [mine.client.id, theirs.client.id] },
        recurrence: "weekly",
        confirm: true,
      },
      {
        selection: {
          scope: "vehicles",
          vehicleIds: [mine.vehicles[0]!.id, theirs.vehicles[0]!.id],
        },
        recurrence: "weekly",
      },
    ];
    const answers = [];
    for (const body of bodies) answers.push(await turnOn(A.cookie, body));
    const missing = await turnOn(A.cookie, {
      selection: { scope: "vehicles", vehicleIds: [`c${randomUUID().replaceAll("-", "")}`] },
      recurrence: "weekly",
    });
    const offTheirs = await post(off, "/api/workspace/radar/off", A.cookie, {
      selection: { scope: "vehicles", vehicleIds: [theirs.vehicles[0]!.id] },
    });
    for (const res of [...answers, missing, offTheirs]) {
      expect(res.status).toBe(404);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("NOT_FOUND");
    }
    expect(await snapshot()).toBe(before);
    expect(
      await db.radarWatch.findUniqueOrThrow({ where: { vehicleId: theirs.vehicles[0]!.id } }),
    ).toMatchObject({ status: "active" });
    // zod on every input: a bad recurrence, an empty selection, a negative cap are 400s.
    for (const res of [
      await turnOn(A.cookie, { selection: { scope: "all" }, recurrence: "hourly" }),
      await turnOn(A.cookie, {
        selection: { scope: "vehicles", vehicleIds: [] },
        recurrence: "weekly",
      }),
      await post(cap, "/api/workspace/radar/cap", A.cookie, { monthlyCap: -1 }),
    ])
      expect(res.status).toBe(400);
    expect((await radar.GET(apiRequest("/api/workspace/radar", { method: "GET" }))).status).toBe(
      401,
    );
  });
});

describe("the Radar page's data", () => {
  it("lists the account's events only, new since the last visit first, by client and kind, with 'Gerar link' for new debts", async () => {
    const user = await account(`radar.c.${Date.now()}@despachante.test`);
    const one = await clientWith(user.id, 1);
    const two = await clientWith(user.id, 1);
    await post(cap, "/api/workspace/radar/cap", user.cookie, { monthlyCap: 1000 });
    await turnOn(user.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    const watchOf = async (vehicleId: string) =>
      (await db.radarWatch.findUniqueOrThrow({ where: { vehicleId } })).id;
    const w1 = await watchOf(one.vehicles[0]!.id);
    const w2 = await watchOf(two.vehicles[0]!.id);
    const old = await event(user.id, w1, {
      kind: "dueSoon",
      title: "IPVA 2026 - Parcela 2/3",
      createdAt: new Date(Date.now() - 60_000),
    });
    const { radarPageView, markRadarSeen } = await import("@/lib/radar/radar-view");
    await markRadarSeen(user.id, new Date(Date.now() - 30_000));
    const fine = await event(user.id, w2, { debtId: "debt-1", lookupId: "lookup-1" });
    const stop = await event(user.id, w1, {
      kind: "stopped",
      reason: "wrong_document",
      title: null,
    });
    // B's event must never show.
    const bWatch = await db.radarWatch.findFirstOrThrow({ where: { userId: B.id } });
    await event(B.id, bWatch.id, { title: "Multa de outra conta" });

    const page = await radarPageView(user.id);
    expect(page.events.map((e) => [e.id, e.isNew])).toEqual([
      [stop.id, true],
      [fine.id, true],
      [old.id, false],
    ]);
    expect(page.newCount).toBe(2);
    expect(page.events.find((e) => e.id === fine.id)).toMatchObject({
      label: "Novo débito",
      clientName: two.client.name,
      linkHref: `/painel/radar/eventos/${fine.id}?debts=debt-1`,
    });
    expect(page.events.find((e) => e.id === stop.id)!.sentence).toContain(
      "CPF/CNPJ do cliente não confere",
    );
    expect(page.events.find((e) => e.id === old.id)!.linkHref).toBeNull();
    expect(page.clients.map((c) => c.id).sort()).toEqual([one.client.id, two.client.id].sort());

    const byKind = await json<{ events: { id: string }[] }>(
      await view(user.cookie, "?kind=appeared"),
    );
    expect(byKind.events.map((e) => e.id)).toEqual([fine.id]);
    const byClient = await json<{ events: { id: string }[] }>(
      await view(user.cookie, `?client=${one.client.id}`),
    );
    expect(byClient.events.map((e) => e.id)).toEqual([stop.id, old.id]);
    expect((await view(user.cookie, "?kind=nada")).status).toBe(400);
    expect(JSON.stringify(await json(await view(user.cookie)))).not.toContain(
      "Multa de outra conta",
    );
  });

  it("'Gerar link' makes a link from the debt a Radar re-lookup of the account's vehicle found, and refuses another account's", async () => {
    const user = await account(`radar.d.${Date.now()}@despachante.test`);
    const { vehicles } = await clientWith(user.id, 1);
    await post(cap, "/api/workspace/radar/cap", user.cookie, { monthlyCap: 1000 });
    await turnOn(user.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    const watch = await db.radarWatch.findUniqueOrThrow({ where: { vehicleId: vehicles[0]!.id } });
    const { lookupId, view: result } = await syncLookup();
    await db.radarScan.create({
      data: { watchId: watch.id, dueAt: new Date(), lookupId, status: "done" },
    });
    const fine = result.debts.find((d) => d.type === "ticket")!;
    const links = await import("@/app/api/workspace/links/route");
    const made = await links.POST(
      apiRequest("/api/workspace/links", {
        cookie: user.cookie,
        body: { lookupId, debtIds: [fine.id] },
      }),
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const other = await links.POST(
      apiRequest("/api/workspace/links", {
        cookie: B.cookie,
        body: { lookupId, debtIds: [fine.id] },
      }),
    );
    expect(other.status).toBe(404);
  });
});

describe("the daily digest", () => {
  it("from the digest hour, one e-mail per account per São Paulo day tells every event once; later events wait for the next day; the first says it is the first", async () => {
    // Only this test's accounts' events count here: the others' are marked digested first.
    await db.radarEvent.updateMany({
      where: { digestedAt: null },
      data: { digestedAt: new Date(0) },
    });
    const u = await account(`radar.e.${Date.now()}@despachante.test`);
    const { vehicles } = await clientWith(u.id, 2);
    await post(cap, "/api/workspace/radar/cap", u.cookie, { monthlyCap: 1000 });
    await turnOn(u.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    const watches = await db.radarWatch.findMany({ where: { userId: u.id } });
    const first = [
      await event(u.id, watches[0]!.id),
      await event(u.id, watches[1]!.id, { kind: "discountEnds", title: "Multa - Avanço de sinal" }),
      await event(u.id, watches[1]!.id, { kind: "dueSoon", title: "IPVA 2026 - Parcela 3/3" }),
    ];
    // An owner watch's event (userId null) is never in a digest.
    await event(null, watches[0]!.id);

    expect(await digest.radarDigestTick(BEFORE_HOUR)).toBe(0);
    expect(await digest.radarDigestTick(AFTER_HOUR)).toBe(1);
    expect(await digest.radarDigestTick(AFTER_HOUR)).toBe(0);
    const mails = await db.mailMessage.findMany({
      where: { dedupeKey: { startsWith: `radar-digest:${u.id}:` } },
    });
    expect(mails.map((m) => m.dedupeKey)).toEqual([`radar-digest:${u.id}:2026-11-27`]);
    expect(
      await db.radarEvent.count({
        where: { id: { in: first.map((e) => e.id) }, digestedAt: null },
      }),
    ).toBe(0);
    expect(await db.radarEvent.count({ where: { userId: null, digestedAt: { not: null } } })).toBe(
      0,
    );

    const later = await event(u.id, watches[0]!.id, { title: "Multa - Estacionamento" });
    expect(await digest.radarDigestTick(new Date(AFTER_HOUR.getTime() + 3_600_000))).toBe(0);
    expect(await db.radarEvent.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({
      digestedAt: null,
    });
    expect(await digest.radarDigestTick(NEXT_DAY)).toBe(1);
    expect(await db.radarEvent.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({
      digestedAt: NEXT_DAY,
    });

    const sent = await eventually(async () => {
      const { mailOutbox } = await import("@/lib/mail/worker");
      await mailOutbox.kick();
      const rows = await db.mailMessage.findMany({
        where: { dedupeKey: { startsWith: `radar-digest:${u.id}:` } },
        orderBy: { dedupeKey: "asc" },
      });
      const got = await receivedFor(
        db,
        rows.map((r) => r.messageId),
      );
      expect(got).toHaveLength(2);
      return got;
    }, 30_000);
    const today = sent.find((m) => m.subject.includes("27/11/2026"))!;
    expect(today.subject).toBe("Radar: 3 novidades nos veículos dos seus clientes (27/11/2026)");
    expect(today.to).toContain(u.email);
    expect(today.text).toContain("Desconto acabando: Multa - Avanço de sinal");
    expect(today.text).toContain("IPVA 2026 - Parcela 3/3");
    expect(today.text).not.toContain("Estacionamento");
    expect(today.text).toContain("/painel/radar");
    // The account's first digest says so; the next one counts from it.
    expect(today.text).toContain("Primeiro resumo do Radar");
    expect(today.text).not.toContain("último resumo");
    const next = sent.find((m) => m !== today)!;
    expect(next.text).toContain("Desde o último resumo");
    expect(next.text).not.toContain("Primeiro resumo");
    expect(sent.every((m) => m.deliveries === 1)).toBe(true);
    expect(vehicles).toHaveLength(2);
  });

  it("SMTP down: the digest waits in the outbox and arrives once when it returns", async () => {
    const u = await account(`radar.f.${Date.now()}@despachante.test`);
    await clientWith(u.id, 1);
    await post(cap, "/api/workspace/radar/cap", u.cookie, { monthlyCap: 1000 });
    await turnOn(u.cookie, { selection: { scope: "all" }, recurrence: "weekly", confirm: true });
    const watch = await db.radarWatch.findFirstOrThrow({ where: { userId: u.id } });
    await event(u.id, watch.id);
    const port = env.smtp.port;
    await env.smtp.close();
    const mail = await import("@/lib/mail/outbox");
    const { runClaim } = await import("@/lib/jobs");
    const job = mail.outboxJob({ retry: { maxAttempts: 100, baseDelayMs: 100, maxDelayMs: 400 } });
    expect(await digest.radarDigestTick(AFTER_HOUR)).toBe(1);
    const key = digest.digestDedupeKey(u.id, "2026-11-27");
    await eventually(async () => {
      await runClaim(job, { limit: 32, concurrency: 4 });
      expect(await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey: key } })).toMatchObject({
        status: "pending",
        lastError: expect.any(String),
      });
    }, 20_000);
    expect(await digest.radarDigestTick(AFTER_HOUR)).toBe(0);
    const back = await startTestSmtp(port);
    onTestFinished(() => back.close());
    await eventually(async () => {
      await mail.drainOnce(job);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey: key } })).toMatchObject({
        status: "sent",
      });
    }, 45_000);
    const row = await db.mailMessage.findUniqueOrThrow({ where: { dedupeKey: key } });
    const got = await receivedFor(db, [row.messageId]);
    expect(got).toHaveLength(1);
    expect(got[0]!.deliveries).toBe(1);
  }, 90_000);
});
