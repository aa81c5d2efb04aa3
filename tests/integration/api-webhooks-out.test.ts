import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, receivedFor } from "../support/mail-harness";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import { seedWorkspace, type SeededWorkspace } from "../support/workspace-seed";

// Webhooks out (docs/api-webhooks.md): a workspace account's endpoint gets its link's events
// signed per Standard Webhooks, verified here with the `standardwebhooks` package; a receiver down
// for an hour gets every event once back (the server's clock moved, the queue driven); a slow
// receiver does not hold back another; internal addresses are refused at registration and at send
// time; a fact's reaction run twice makes one event; another account's ids are not found; an
// endpoint failing for the documented period is switched off and its account told by e-mail.

type Db = typeof import("@/lib/db/client").db;
// Answers and payloads read loosely: the assertions say what each must hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
let env: TestEnvironment;
let db: Db;
let clock: typeof import("@/lib/clock");
let workers: typeof import("@/lib/api-events/worker");
let collection: typeof import("@/app/api/workspace/webhooks/route");
let single: typeof import("@/app/api/workspace/webhooks/[endpointId]/route");
let retry: typeof import("@/app/api/workspace/webhooks/[endpointId]/deliveries/[deliveryId]/retry/route");

type Hit = { id: string; headers: Record<string, string>; body: string; at: number };
type Receiver = {
  url: string;
  hits: Hit[];
  /** What to answer (status, body); a promise holds the answer until it resolves. */
  answer: (
    hit: Hit,
  ) => Promise<{ status: number; body?: string; headers?: Record<string, string> }>;
  close(): Promise<void>;
};

async function receiver(
  answer: Receiver["answer"] = async () => ({ status: 200, body: "ok" }),
): Promise<Receiver> {
  const r = { hits: [] as Hit[], answer } as Receiver;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const hit: Hit = {
        id: String(req.headers["webhook-id"]),
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.join(",") : String(v),
          ]),
        ),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      r.hits.push(hit);
      void r.answer(hit).then(
        (a) => {
          res.writeHead(a.status, a.headers);
          res.end(a.body ?? "");
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}

type Account = { cookie: string; id: string; seed: SeededWorkspace };

async function account(tag: string): Promise<Account> {
  const email = `wh.${tag}.${randomUUID().slice(0, 8)}@example.com`;
  const cookie = await signIn(email);
  const { id } = await db.user.findUniqueOrThrow({ where: { email } });
  return { cookie, id, seed: await seedWorkspace(db, id, tag) };
}

async function register(a: Account, url: string, events: string[] = ["link.paid"]) {
  const res = await collection.POST(
    apiRequest("/api/workspace/webhooks", { cookie: a.cookie, body: { url, events } }),
    params({}),
  );
  return { status: res.status, body: (await res.json()) as Json };
}

/** The account's link paid, as the upstream's answer is applied (the fact's one writer). */
async function payLink(a: Account): Promise<string> {
  const { applyPaymentUpdate } = await import("@/lib/payments/apply-update");
  const payment = await db.payment.create({
    data: {
      externalId: randomUUID(),
      publicRef: randomUUID(),
      checkoutId: a.seed.ids.checkoutId,
      method: "pix",
      status: "awaiting_payment",
    },
  });
  await applyPaymentUpdate(
    payment.id,
    { status: "paid", paidAt: clock.now(), amountCents: 19_315 },
    "reconcile",
  );
  return payment.id;
}

const drive = async () => {
  await workers.kickDeliveries();
  await workers.apiDeliveries.idle();
};

const deliveriesOf = (endpointId: string) =>
  db.apiDelivery.findMany({ where: { endpointId }, include: { log: true, event: true } });

beforeAll(async () => {
  env = await setupTestEnvironment({ env: { RATE_LIMIT_SIGN_IN: "100000" } });
  ({ db } = await import("@/lib/db/client"));
  clock = await import("@/lib/clock");
  workers = await import("@/lib/api-events/worker");
  collection = await import("@/app/api/workspace/webhooks/route");
  single = await import("@/app/api/workspace/webhooks/[endpointId]/route");
  retry =
    await import("@/app/api/workspace/webhooks/[endpointId]/deliveries/[deliveryId]/retry/route");
});
afterAll(async () => {
  await workers?.apiDeliveries.idle();
  await env?.close();
});

describe("webhooks out", () => {
  it("a local receiver gets link.paid signed per Standard Webhooks, with no personal data; the log keeps 1 KB of the answer", async () => {
    const a = await account("signed");
    const rx = await receiver(async () => ({ status: 200, body: "x".repeat(5_000) }));
    try {
      const made = await register(a, rx.url);
      expect(made.status).toBe(201);
      const secret = made.body.secret as string;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      // Stored sealed: the secret is not in the row as written.
      const [raw] = await db.$queryRawUnsafe<{ secret: string }[]>(
        `SELECT "secret" FROM "ApiEndpoint" WHERE "id" = '${made.body.endpoint.id}'`,
      );
      expect(raw!.secret).not.toContain(secret.slice(6, 20));
      // And never listed again.
      const list = await collection.GET(
        apiRequest("/api/workspace/webhooks", { method: "GET", cookie: a.cookie }),
        params({}),
      );
      expect(await list.text()).not.toContain(secret);

      await payLink(a);
      await drive();
      await eventually(async () => expect(rx.hits).toHaveLength(1), 5_000);
      const hit = rx.hits[0]!;
      const body = new Webhook(secret).verify(hit.body, hit.headers) as Json;
      expect(body.type).toBe("link.paid");
      expect(body.data.link).toMatchObject({ id: a.seed.ids.checkoutId, amountCents: 19_315 });
      expect(body.data.payment).toMatchObject({ status: "paid", method: "pix" });
      expect(hit.id).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
      // The link is named by its API id (never its token, the payer's secret URL) and the plate
      // says which vehicle; the person behind them is in none of the bytes (name, CPF, e-mail,
      // phone, RENAVAM, in every spelling the seed has), nor is the token.
      const plate = body.data.link.plate as string;
      const personal = a.seed.secrets.filter((s) => s.replace("-", "") !== plate);
      for (const s of personal) expect(hit.body).not.toContain(s);
      // A wrong secret does not verify.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(
          hit.body,
          hit.headers,
        ),
      ).toThrow();

      const detail = await single.GET(
        apiRequest(`/api/workspace/webhooks/${made.body.endpoint.id}`, {
          method: "GET",
          cookie: a.cookie,
        }),
        params({ endpointId: made.body.endpoint.id }),
      );
      const { deliveries } = (await detail.json()) as { deliveries: Json[] };
      expect(deliveries).toMatchObject([
        { type: "link.paid", outcome: "delivered", attempts: 1, lastStatus: 200 },
      ]);
      const [row] = await deliveriesOf(made.body.endpoint.id);
      expect(row!.log).toHaveLength(1);
      expect(row!.log[0]!.body!.length).toBe(1024);

      // "Reenviar": sent again now, logged as a manual try, the same webhook-id.
      const again = await retry.POST(
        apiRequest(`/api/workspace/webhooks/x/deliveries/y/retry`, { cookie: a.cookie }),
        params({ endpointId: made.body.endpoint.id, deliveryId: row!.id }),
      );
      expect(await again.json()).toEqual({ delivered: true, status: 200, error: null });
      expect(rx.hits.map((h) => h.id)).toEqual([hit.id, hit.id]);
      expect(
        (await deliveriesOf(made.body.endpoint.id))[0]!.log.map((l) => l.manual).sort(),
      ).toEqual([false, true]);
    } finally {
      await rx.close();
    }
  });

  it("a reaction that runs twice (a replay, a second instance) makes one event", async () => {
    const a = await account("replay");
    const rx = await receiver();
    try {
      const made = await register(a, rx.url);
      const paymentId = await payLink(a);
      const { paymentStatusChanged } = await import("@/lib/payments/reactions");
      const change = {
        paymentRowId: paymentId,
        before: { status: "awaiting_payment", liquidationStatus: null },
        after: { status: "paid", liquidationStatus: null },
      };
      for (let i = 0; i < 2; i++)
        await db.$transaction((tx) => paymentStatusChanged.run(tx, change));
      expect(
        await db.apiEvent.count({ where: { dedupeKey: { startsWith: `link.paid:${paymentId}` } } }),
      ).toBe(1);
      await drive();
      expect(rx.hits).toHaveLength(1);
      expect(await deliveriesOf(made.body.endpoint.id)).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("link.settled when the upstream settles the link's debts, and radar.debt_found when a scan finds a new debt, each once", async () => {
    const a = await account("facts");
    const rx = await receiver();
    try {
      const made = await register(a, rx.url, ["link.settled", "radar.debt_found"]);
      const secret = made.body.secret as string;
      const paymentId = await payLink(a);
      const { applyPaymentUpdate } = await import("@/lib/payments/apply-update");
      const settle = () =>
        applyPaymentUpdate(
          paymentId,
          { status: "paid", liquidationStatus: "settled", settledAt: clock.now() },
          "reconcile",
        );
      await settle();
      await settle(); // a replay: no change, no second event

      // A Radar scan of the account's vehicle: the seeded lookup is the baseline, a newer result
      // carries one more fine.
      const { seed } = a;
      const watch = await db.radarWatch.findUniqueOrThrow({
        where: { vehicleId: seed.ids.vehicleId },
      });
      await db.radarWatch.update({
        where: { id: watch.id },
        data: { status: "active", stopReason: null, baselineLookupId: seed.ids.lookupId },
      });
      const base = await db.lookup.findUniqueOrThrow({
        where: { id: seed.ids.lookupId },
        include: { debts: true },
      });
      const newer = await db.lookup.create({
        data: {
          externalId: randomUUID(),
          uf: base.uf,
          plate: base.plate,
          renavam: base.renavam,
          cpfCnpj: base.cpfCnpj,
          status: "debts",
          resolvedAt: new Date(),
          debts: {
            create: [
              ...base.debts.map((d) => ({
                debtId: d.debtId,
                type: d.type,
                title: d.title,
                description: d.description,
                amountCents: d.amountCents,
                ait: d.ait,
              })),
              {
                debtId: randomUUID(),
                type: "ticket",
                title: "Multa - Excesso de velocidade",
                description: "Excesso de velocidade",
                amountCents: 13_016,
                ait: `AITNEW${randomUUID().slice(0, 6)}`,
              },
            ],
          },
        },
        include: { debts: true },
      });
      await db.radarScan.create({
        data: { watchId: watch.id, dueAt: new Date(), lookupId: newer.id, status: "running" },
      });
      const { settleScans } = await import("@/lib/radar/settle-scans");
      const scan = () =>
        db.$transaction((tx) =>
          settleScans(tx, clock.now(), [
            { lookupRowId: newer.id, status: "debts", errorCode: null, debts: newer.debts },
          ]),
        );
      (await scan()).afterCommit?.();
      await scan(); // settled already: nothing moves, nothing is told

      await drive();
      expect(rx.hits.map((h) => JSON.parse(h.body).type).sort()).toEqual([
        "link.settled",
        "radar.debt_found",
      ]);
      for (const hit of rx.hits) new Webhook(secret).verify(hit.body, hit.headers);
      const found = JSON.parse(rx.hits.find((h) => h.body.includes("radar.debt_found"))!.body);
      expect(found.data).toMatchObject({
        watchId: watch.id,
        vehicle: { id: seed.ids.vehicleId, clientId: seed.ids.clientId, uf: "MG" },
        lookupId: newer.id,
        debt: { type: "ticket", title: "Multa - Excesso de velocidade", amountCents: 13_016 },
      });
      const settled = JSON.parse(rx.hits.find((h) => h.body.includes("link.settled"))!.body);
      expect(settled.data.payment).toMatchObject({ status: "paid", liquidationStatus: "settled" });
      // link.paid was not chosen: made, but not delivered here.
      expect(await db.apiEvent.count({ where: { dedupeKey: `link.paid:${paymentId}` } })).toBe(1);
    } finally {
      await rx.close();
    }
  });

  it("link.expired once when an account's unpaid link passes its end (the expiry sweep)", async () => {
    const a = await account("expiry");
    const rx = await receiver();
    try {
      await register(a, rx.url, ["link.expired"]);
      const { noteExpiredLinks } = await import("@/lib/links/expired-links");
      // Links past their end before now (other tests' and older ones) are noted first.
      await noteExpiredLinks();
      await db.checkout.update({
        where: { id: a.seed.ids.checkoutId },
        data: { expiresAt: new Date(clock.nowMs() + 3_600_000) },
      });
      await noteExpiredLinks();
      await drive();
      expect(rx.hits).toHaveLength(0); // not yet
      clock.advanceClock(2 * 3_600_000);
      await noteExpiredLinks();
      await noteExpiredLinks(); // a second sweep (another instance): nothing new
      await drive();
      expect(rx.hits.map((h) => JSON.parse(h.body) as Json)).toMatchObject([
        {
          type: "link.expired",
          data: { link: { id: a.seed.ids.checkoutId, amountCents: 19_315 } },
        },
      ]);
      for (const s of a.seed.secrets.filter((x) => !/^[A-Z]{3}/.test(x)))
        expect(rx.hits[0]!.body).not.toContain(s);
    } finally {
      await rx.close();
    }
  });

  it("batch.finished once a batch's last item ends", async () => {
    const a = await account("batch");
    const rx = await receiver();
    try {
      await register(a, rx.url, ["batch.finished"]);
      // Imported here: the sandbox's catalog must not load before the test environment is set.
      const { SANDBOX_VEHICLES } = await import("@/lib/sandbox/catalog/vehicles");
      const { seedVehicles } = await import("../support/workspace-batches");
      const v = SANDBOX_VEHICLES.syncAnswer;
      await seedVehicles(a.id, [v]);
      const vehicle = await db.workspaceVehicle.findFirstOrThrow({
        where: { userId: a.id, plate: v.plate },
      });
      const { startBatch } = await import("@/lib/workspace/batches/start-batch");
      const { kickBatches } = await import("@/lib/workspace/batches/worker");
      const { batchId } = await startBatch(a.id, {
        scope: "vehicles",
        vehicleIds: [vehicle.id],
      });
      await eventually(async () => {
        await kickBatches();
        const batch = await db.lookupBatch.findUniqueOrThrow({ where: { id: batchId } });
        expect(batch.finishedAt).not.toBeNull();
      }, 15_000);
      await drive();
      expect(rx.hits).toHaveLength(1);
      // Parsed, not verified: the clock has moved in earlier tests, and a receiver refuses a
      // webhook-timestamp hours from its own clock (the first test verifies the signature).
      const body = JSON.parse(rx.hits[0]!.body) as Json;
      expect(body).toMatchObject({
        type: "batch.finished",
        data: { batch: { id: batchId, items: 1, done: 1, failed: 0 } },
      });
      // The item's job coming back to it, or the reaction replayed, finishes nothing again.
      await kickBatches();
      await drive();
      expect(rx.hits).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it("a receiver down for an hour (and a redirect) gets every event once it is back", async () => {
    const a = await account("down");
    let up = false;
    const rx = await receiver(async () =>
      up ? { status: 204 } : { status: 302, headers: { location: "http://127.0.0.1:9/elsewhere" } },
    );
    try {
      const made = await register(a, rx.url);
      const endpointId = made.body.endpoint.id as string;
      for (let i = 0; i < 3; i++) await payLink(a);
      await drive();
      // Tries at 0, 5 s, 5 min and 35 min, all refused (a 3xx is not followed: one hit each).
      for (const step of [5_000, 300_000, 1_800_000]) {
        clock.advanceClock(step);
        await drive();
      }
      expect(rx.hits).toHaveLength(12);
      const pending = await deliveriesOf(endpointId);
      expect(pending.map((d) => [d.outcome, d.attempts, d.lastStatus])).toEqual(
        Array(3).fill([null, 4, 302]),
      );
      // An hour after it went down it is back; the next try (2 h after the fourth) delivers all.
      clock.advanceClock(30 * 60_000);
      up = true;
      await drive();
      expect(rx.hits).toHaveLength(12); // not due yet
      clock.advanceClock(90 * 60_000);
      await drive();
      const delivered = rx.hits.slice(12).map((h) => h.id);
      expect(new Set(delivered).size).toBe(3);
      expect(delivered).toHaveLength(3);
      const done = await deliveriesOf(endpointId);
      expect(done.map((d) => d.outcome)).toEqual(["delivered", "delivered", "delivered"]);
      expect(new Set(done.map((d) => d.event.id))).toEqual(new Set(delivered));
      expect(
        (await db.apiEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).failingSince,
      ).toBeNull();
    } finally {
      await rx.close();
    }
  });

  it("a slow receiver does not hold back deliveries to another endpoint", async () => {
    const a = await account("slow");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = await receiver(async () => {
      await held;
      return { status: 200 };
    });
    const fast = await receiver();
    try {
      await register(a, slow.url);
      await register(a, fast.url);
      await payLink(a);
      void workers.kickDeliveries();
      await eventually(async () => {
        expect(fast.hits).toHaveLength(1);
        expect(slow.hits).toHaveLength(1);
      }, 5_000);
      // The slow one still holds its first answer; a second event reaches the fast one at once.
      const started = Date.now();
      await payLink(a);
      void workers.kickDeliveries();
      await eventually(async () => expect(fast.hits).toHaveLength(2), 5_000);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(slow.hits.length).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await workers.apiDeliveries.idle();
      await slow.close();
      await fast.close();
    }
  });

  it("internal addresses are refused at registration and at send time; loopback only with a test deployment", async () => {
    const a = await account("ssrf");
    const rx = await receiver();
    try {
      for (const url of [
        "http://10.0.0.1/hook",
        "http://192.168.1.20/hook",
        "http://169.254.169.254/latest",
        "http://[fd00::1]/hook",
      ]) {
        const res = await register(a, url);
        expect([url, res.status, res.body.error?.code]).toEqual([url, 422, "WEBHOOK_URL_REFUSED"]);
      }
      // With a live upstream key: https only, and loopback refused (by literal and by name).
      const restore = overrideEnvForTests({
        UVVI_API_KEY: "sk_live_webhooks_out_test_key",
        UVVI_BASE_URL: "https://upstream.invalid",
        WEBHOOK_SECRET: "webhooks-out-live-test-secret-0123456789abcdef",
        DATA_ENCRYPTION_KEY: (await import("@/lib/env")).env.dataKeys.current,
        DATA_INDEX_KEY: (await import("@/lib/env")).env.dataKeys.index,
        COMPANY_NAME: "Empresa de Teste Ltda.",
        COMPANY_CNPJ: "11222333000181",
      });
      try {
        for (const url of [
          rx.url,
          rx.url.replace("http:", "https:"),
          rx.url.replace("http://127.0.0.1", "https://localhost"),
        ]) {
          const res = await register(a, url);
          expect([url, res.status, res.body.error?.code]).toEqual([
            url,
            422,
            "WEBHOOK_URL_REFUSED",
          ]);
        }
      } finally {
        restore();
      }
      // At send time: rows that passed once (or were made before a rule changed) are checked again
      // against what the name resolves to now, and nothing is sent.
      const live = await db.apiEndpoint.create({
        data: {
          userId: a.id,
          url: rx.url.replace("http://127.0.0.1", "https://localhost"),
          events: '["link.paid"]',
          secret: `whsec_${Buffer.alloc(24, 7).toString("base64")}`,
          mode: "live",
        },
      });
      const internal = await db.apiEndpoint.create({
        data: {
          userId: a.id,
          url: "http://10.0.0.1/hook",
          events: '["link.paid"]',
          secret: `whsec_${Buffer.alloc(24, 8).toString("base64")}`,
          mode: "test",
        },
      });
      await payLink(a);
      await drive();
      expect(rx.hits).toHaveLength(0);
      for (const e of [live, internal]) {
        const [d] = await deliveriesOf(e.id);
        expect(d!.log.map((l) => [l.status, l.errorCode])).toEqual([[null, "ADDRESS_REFUSED"]]);
        expect(d!.lastError).toBe("ADDRESS_REFUSED");
      }
    } finally {
      await rx.close();
    }
  });

  it("another account's endpoint and delivery ids answer 404 like unknown ones", async () => {
    const a = await account("owner");
    const b = await account("other");
    const { endpointId, deliveryId } = a.seed.ids;
    const before = JSON.stringify(await db.apiEndpoint.findUnique({ where: { id: endpointId } }));
    const calls = [
      () =>
        single.GET(apiRequest("/x", { method: "GET", cookie: b.cookie }), params({ endpointId })),
      () =>
        single.PATCH(
          apiRequest("/x", { method: "PATCH", cookie: b.cookie, body: { enabled: false } }),
          params({ endpointId }),
        ),
      () =>
        single.DELETE(
          apiRequest("/x", { method: "DELETE", cookie: b.cookie }),
          params({ endpointId }),
        ),
      () => retry.POST(apiRequest("/x", { cookie: b.cookie }), params({ endpointId, deliveryId })),
      () =>
        retry.POST(
          apiRequest("/x", { cookie: b.cookie }),
          params({ endpointId: b.seed.ids.endpointId, deliveryId }),
        ),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, await res.json()]).toEqual([
        404,
        { error: { code: "NOT_FOUND", message: expect.any(String) } },
      ]);
    }
    const unknown = await single.GET(
      apiRequest("/x", { method: "GET", cookie: b.cookie }),
      params({ endpointId: "nosuchendpoint0000000000" }),
    );
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(await db.apiEndpoint.findUnique({ where: { id: endpointId } }))).toBe(
      before,
    );
  });

  it("an endpoint failing for the documented period is switched off and its account told by e-mail", async () => {
    const a = await account("off");
    const rx = await receiver(async () => ({ status: 500, body: "down" }));
    try {
      const made = await register(a, rx.url);
      const endpointId = made.body.endpoint.id as string;
      await payLink(a);
      await drive();
      const first = await db.apiEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      expect(first.failingSince).not.toBeNull();
      expect(first.enabled).toBe(true);
      // Four days later it still fails, still on.
      clock.advanceClock(4 * 24 * 3_600_000);
      await payLink(a);
      await drive();
      expect((await db.apiEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).enabled).toBe(
        true,
      );
      // Five days (API_WEBHOOK_DISABLE_AFTER_HOURS=120) after the first failure: switched off.
      clock.advanceClock(24 * 3_600_000);
      await payLink(a);
      await drive();
      const off = await db.apiEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      expect([off.enabled, off.disabledReason]).toEqual([false, "failing"]);
      // Nothing more is sent to it; its pending deliveries end as failed.
      const hitsThen = rx.hits.length;
      clock.advanceClock(24 * 3_600_000);
      await payLink(a);
      await drive();
      expect(rx.hits).toHaveLength(hitsThen);
      expect((await deliveriesOf(endpointId)).filter((d) => d.outcome === null)).toHaveLength(0);
      // The account's e-mail, through the outbox, read back from the test SMTP server.
      const mail = await db.mailMessage.findFirstOrThrow({
        where: { dedupeKey: { startsWith: `api-webhook-disabled:${endpointId}:` } },
      });
      const { kickOutbox } = await import("@/lib/mail/worker");
      await kickOutbox();
      const [received] = await eventually(async () => {
        const got = await receivedFor(db, [mail.messageId]);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(received!.subject).toBe("Desligamos um endereço de webhooks da sua conta");
      expect(received!.text).toContain(rx.url);
      expect(received!.text).toContain("/painel/api/webhooks");
      // Switched on again by the account: its failures are forgotten.
      const on = await single.PATCH(
        apiRequest("/x", { method: "PATCH", cookie: a.cookie, body: { enabled: true } }),
        params({ endpointId }),
      );
      expect((await on.json()).endpoint).toMatchObject({ enabled: true, failingSince: null });
    } finally {
      await rx.close();
    }
  });
  it("traced: the delivery's job span links to the span that emitted its event (the outbox's hop)", async () => {
    // In this test process only, then off again: the spans go to a receiver here.
    const bodies: string[] = [];
    const collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        bodies.push(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    const { startTracing, stopTracing } = await import("@/lib/tracing/start");
    const { inSpan, currentTraceparent } = await import("@/lib/tracing/trace");
    const a = await account("traced");
    const rx = await receiver();
    try {
      await startTracing({
        url: `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`,
        headers: {},
        serviceName: "api-webhooks-out-test",
      });
      const made = await register(a, rx.url);
      const emitter = await inSpan("test emits", { root: true }, async () => {
        await payLink(a);
        return currentTraceparent()!;
      });
      const [, traceId, spanId] = emitter.split("-");
      const [delivery] = await deliveriesOf(made.body.endpoint.id as string);
      expect(delivery!.traceparent).toBe(emitter);
      await drive();
      await eventually(async () => expect(rx.hits).toHaveLength(1), 5_000);
      await stopTracing(); // flushes what is buffered
      type Span = { name: string; links?: { traceId: string; spanId: string }[] };
      const spans = bodies.flatMap((b) =>
        (
          JSON.parse(b) as {
            resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
          }
        ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      );
      const job = spans.find(
        (s) =>
          s.name.startsWith("job api-deliveries-") &&
          s.links?.some((l) => l.traceId === traceId && l.spanId === spanId),
      );
      expect(job, spans.map((s) => s.name).join("\n")).toBeDefined();
    } finally {
      await stopTracing();
      await rx.close();
      collector.close();
    }
  });
});
