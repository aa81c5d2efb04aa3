import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLookupReceiver } from "../support/family-lookup";
import { pdfText } from "../support/pdf-text";
import { setupTestEnvironment, TEST_API_KEY, type TestEnvironment } from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import { signIn } from "../support/workspace-auth";
import {
  claimAsDyingInstance,
  familyPlates,
  outliveDyingLease,
  sandboxLookupsByPlate,
  scenarioVehicles,
  seedVehicles,
  unclaimedBatch,
  userIdOf,
} from "../support/workspace-batches";
import type { WebhookReceiver } from "../support/webhook-receiver";

// Batch lookups over the sandbox: real HTTP to the sandbox, its results delivered as real webhooks
// to our webhook route, the items run by the lib/jobs queue. Counts at the sandbox prove that no
// vehicle is looked up twice, also when a claimer dies mid-batch.

let env: TestEnvironment;
let receiver: WebhookReceiver;
let cookieA: string;
let cookieB: string;
let userA: string;

type View = {
  id: string;
  progress: {
    total: number;
    done: number;
    failed: number;
    remaining: number;
    etaSeconds: number | null;
  };
  items: {
    id: string;
    clientId: string;
    plate: string;
    status: string;
    errorCode: string | null;
    errorMessage: string | null;
    summary: Record<string, unknown> | null;
  }[];
};

const routes = async () => ({
  list: await import("@/app/api/workspace/batches/route"),
  one: await import("@/app/api/workspace/batches/[batchId]/route"),
  retry: await import("@/app/api/workspace/batches/[batchId]/retry/route"),
  csv: await import("@/app/api/workspace/batches/[batchId]/csv/route"),
  pdf: await import("@/app/api/workspace/batches/[batchId]/clients/[clientId]/pdf/route"),
});

async function createBatch(cookie: string, body: unknown): Promise<Response> {
  return (await routes()).list.POST(apiRequest("/api/workspace/batches", { body, cookie }));
}

async function view(cookie: string, batchId: string): Promise<View> {
  const res = await (
    await routes()
  ).one.GET(
    apiRequest(`/api/workspace/batches/${batchId}`, { method: "GET", cookie }),
    params({ batchId }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as View;
}

/**
 * Drives this "instance": applies stored webhooks and runs due items until nothing remains. A test
 * that may wait the whole `timeoutMs` sets a longer timeout of its own (45 s), so an unfinished
 * batch fails with whyUnfinished's account of it instead of a bare timeout.
 */
async function runUntilFinished(
  cookie: string,
  batchId: string,
  timeoutMs = 30_000,
): Promise<View> {
  const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
  const { kickBatches } = await import("@/lib/workspace/batches/worker");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await kickBatches();
    await dispatchPendingWebhooks();
    const v = await view(cookie, batchId);
    if (v.progress.remaining === 0) return v;
    if (Date.now() > deadline) throw new Error(await whyUnfinished(batchId, v));
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * What a batch that did not finish was waiting for: its open rows (deferral, attempts) and the
 * sandbox's deliveries of their lookups' results (each attempt's status), so a failure under load
 * says which wait ran out rather than only "timed out".
 */
async function whyUnfinished(batchId: string, v: View): Promise<string> {
  const { db } = await import("@/lib/db/client");
  const open = await db.lookupBatchItem.findMany({
    where: { batchId, status: { notIn: ["done", "failed"] } },
    select: {
      id: true,
      status: true,
      attempts: true,
      notBefore: true,
      lookupId: true,
    },
  });
  const lookups = await db.lookup.findMany({
    where: { id: { in: open.flatMap((i) => (i.lookupId ? [i.lookupId] : [])) } },
    select: { id: true, plate: true, status: true, externalId: true, transactionId: true },
  });
  const externalIds = new Set(lookups.map((l) => l.externalId));
  const deliveries = env.sandbox.ctx.webhooks
    .deliveries()
    .filter((d) => externalIds.has(String(d.payload.externalId)))
    .map((d) => ({ externalId: d.payload.externalId, type: d.payload.type, attempts: d.attempts }));
  return `batch still has ${v.progress.remaining} items at ${new Date().toISOString()}: ${JSON.stringify({ open, lookups, deliveries })}`;
}

beforeAll(async () => {
  env = await setupTestEnvironment({
    // The sandbox's first webhook retry (15 min) in 1.8 s: the dying claimers' lost results come back by it.
    sandbox: { timeScale: 0.002 },
    env: { RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000", LOG_LEVEL: "silent" },
  });
  receiver = await startLookupReceiver();
  const stamp = Date.now();
  cookieA = await signIn(`lote.a.${stamp}@despachante.test`);
  cookieB = await signIn(`lote.b.${stamp}@despachante.test`);
  userA = await userIdOf(`lote.a.${stamp}@despachante.test`);
});
afterAll(async () => {
  await receiver?.close();
  await env.close();
});

describe("batch lookups", () => {
  let batchA = "";
  const vehiclesA = [...scenarioVehicles(), ...familyPlates(10, 1)];

  it("a batch of 20, with authority errors 900-903 and an unknown vehicle, finishes with each vehicle looked up once", async () => {
    const names = vehiclesA.map((v, i) =>
      i === 0
        ? '=HYPERLINK("http://evil.example";"clique")'
        : i === 1
          ? 'José da Conceição; "Zé"'
          : `Cliente ${v.plate}`,
    );
    await seedVehicles(userA, vehiclesA, names);
    const res = await createBatch(cookieA, { scope: "all" });
    expect(res.status).toBe(201);
    const started = (await res.json()) as { batchId: string; vehicles: number };
    expect(started.vehicles).toBe(20);
    batchA = started.batchId;

    const done = await runUntilFinished(cookieA, batchA);
    expect(done.progress).toMatchObject({
      total: 20,
      done: 15,
      failed: 5,
      remaining: 0,
      etaSeconds: 0,
    });
    const byPlate = new Map(done.items.map((i) => [i.plate, i]));
    for (const [plate, code] of [
      ["ERA9000", "900"],
      ["ERB9A01", "901"],
      ["ERC9020", "902"],
      ["ERD9B03", "903"],
    ] as const) {
      expect(byPlate.get(plate)).toMatchObject({
        status: "failed",
        errorCode: `AUTHORITY_${code}`,
      });
      expect(byPlate.get(plate)!.errorMessage).toMatch(/Tente novamente/);
    }
    expect(byPlate.get("NFL5C67")).toMatchObject({ status: "failed", errorCode: "NOT_FOUND" });
    expect(byPlate.get("NOD1234")).toMatchObject({
      status: "done",
      summary: { totalCents: 0, debtCount: 0 },
    });
    // The synchronous variant of the upstream answer ends its item as well as a webhook does.
    expect(byPlate.get("SYN1C00")!.status).toBe("done");
    const s = byPlate.get("MGD1E23")!.summary as {
      totalCents: number;
      finesCents: number;
      ipvaCents: number;
      licensingCents: number;
      otherCents: number;
      licensing: { count: number; titles: string[] };
    };
    expect(s.totalCents).toBeGreaterThan(0);
    expect(s.finesCents + s.ipvaCents + s.licensingCents + s.otherCents).toBe(s.totalCents);
    expect(s.licensing.count).toBeGreaterThan(0);
    expect(s.licensing.titles.length).toBe(s.licensing.count);

    const counts = sandboxLookupsByPlate(env.sandbox.ctx.store);
    for (const v of vehiclesA) expect(counts.get(v.plate), v.plate).toBe(1);
  });

  it("retries only the failed ones, each with a new lookup, and leaves the done ones alone", async () => {
    const { retry } = await routes();
    const res = await retry.POST(
      apiRequest(`/api/workspace/batches/${batchA}/retry`, { cookie: cookieA }),
      params({ batchId: batchA }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ retried: 5 });
    const again = await runUntilFinished(cookieA, batchA);
    expect(again.progress).toMatchObject({ done: 15, failed: 5, remaining: 0 });
    const counts = sandboxLookupsByPlate(env.sandbox.ctx.store);
    const failedPlates = new Set(["ERA9000", "ERB9A01", "ERC9020", "ERD9B03", "NFL5C67"]);
    for (const v of vehiclesA)
      expect(counts.get(v.plate), v.plate).toBe(failedPlates.has(v.plate) ? 2 : 1);
  });

  it("exports a CSV Excel pt-BR opens: BOM, ';', CRLF, decimal comma, quoted text, formulas neutralised", async () => {
    const { csv } = await routes();
    const res = await csv.GET(
      apiRequest(`/api/workspace/batches/${batchA}/csv`, { method: "GET", cookie: cookieA }),
      params({ batchId: batchA }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^"Cliente";"Placa";"UF";"Situação";"Total \(R\$\)"/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"";""clique"")"`);
    expect(text).toContain(`"José da Conceição; ""Zé"""`);
    const mg = lines.find((l) => l.includes('"MGD1E23"'))!;
    expect(mg).toMatch(/;\d+,\d{2};/);
    expect(mg).not.toMatch(/\d\.\d{2}\b/);
    // No CPF/CNPJ in the file.
    for (const v of vehiclesA) expect(text).not.toContain(v.cpfCnpj);
  });

  it("a PDF per client, with the CPF masked", async () => {
    const { pdf } = await routes();
    const v = await view(cookieA, batchA);
    const mg = v.items.find((i) => i.plate === "MGD1E23")!;
    const res = await pdf.GET(
      apiRequest(`/api/workspace/batches/${batchA}/clients/${mg.clientId}/pdf`, {
        method: "GET",
        cookie: cookieA,
      }),
      params({ batchId: batchA, clientId: mg.clientId }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Relatório de débitos");
    expect(text).toContain("MGD1E23");
    expect(text).toMatch(/Total em aberto/);
    expect(text).not.toContain("52998224725");
    expect(text).not.toContain("529.982.247-25");
  });

  it("another account's batch is not found (404, like a missing one) on every route; no session is 401", async () => {
    const r = await routes();
    const v = await view(cookieA, batchA);
    const clientId = v.items[0]!.clientId;
    const asB = [
      await r.one.GET(
        apiRequest(`/api/workspace/batches/${batchA}`, { method: "GET", cookie: cookieB }),
        params({ batchId: batchA }),
      ),
      await r.retry.POST(
        apiRequest(`/api/workspace/batches/${batchA}/retry`, { cookie: cookieB }),
        params({ batchId: batchA }),
      ),
      await r.csv.GET(
        apiRequest(`/api/workspace/batches/${batchA}/csv`, { method: "GET", cookie: cookieB }),
        params({ batchId: batchA }),
      ),
      await r.pdf.GET(
        apiRequest(`/x`, { method: "GET", cookie: cookieB }),
        params({ batchId: batchA, clientId }),
      ),
      await r.one.GET(
        apiRequest(`/api/workspace/batches/nope`, { method: "GET", cookie: cookieB }),
        params({ batchId: "nope" }),
      ),
    ];
    for (const res of asB) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    const list = (await (
      await r.list.GET(apiRequest("/api/workspace/batches", { method: "GET", cookie: cookieB }))
    ).json()) as { batches: unknown[] };
    expect(list.batches).toEqual([]);
    // B naming A's vehicles or clients starts nothing: they are not in B's workspace.
    const sneaky = await createBatch(cookieB, { scope: "clients", clientIds: [clientId] });
    expect(sneaky.status).toBe(422);
    expect(((await sneaky.json()) as { error: { code: string } }).error.code).toBe("BATCH_EMPTY");
    const anon = await r.one.GET(
      apiRequest(`/api/workspace/batches/${batchA}`, { method: "GET" }),
      params({ batchId: batchA }),
    );
    expect(anon.status).toBe(401);
    const anonPost = await createBatch("", { scope: "all" });
    expect(anonPost.status).toBe(401);
  });

  it("more than 500 vehicles is a clear 422 and queues nothing", async () => {
    const email = `lote.c.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const userId = await userIdOf(email);
    const { db } = await import("@/lib/db/client");
    const client = await db.workspaceClient.create({
      data: { userId, name: "Frota grande", cpfCnpj: "52998224725" },
    });
    await db.workspaceVehicle.createMany({
      data: familyPlates(501, 2).map((v) => ({
        userId,
        clientId: client.id,
        plate: v.plate,
        uf: v.uf,
        renavam: v.renavam,
      })),
    });
    const res = await createBatch(cookie, { scope: "all" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("BATCH_TOO_LARGE");
    expect(body.error.message).toMatch(/501 veículos; o limite é 500/);
    expect(await db.lookupBatch.count({ where: { userId } })).toBe(0);
  });

  it("a claimer killed mid-batch loses nothing: after its lease another one finishes, no vehicle looked up twice", async () => {
    const vehicles = familyPlates(12, 3);
    const { cookie, batchId } = await unclaimedBatch("d", vehicles);
    const { db } = await import("@/lib/db/client");
    const { createLinkedLookup } = await import("@/lib/workspace/batches/batch-job");
    const { upstream } = await import("@/lib/upstream/client");

    // The dying instance: claims 8 items with a short lease, then dies at three different points.
    // Its results are not delivered yet (our webhook route answers 500; the sandbox retries
    // later), so the instance that takes over finds those lookups still pending.
    receiver.mode = "fail";
    const rows = await claimAsDyingInstance(8);
    expect(rows).toHaveLength(8);
    // 3 died right after linking the Lookup row (nothing sent);
    for (const row of rows.slice(0, 3)) await createLinkedLookup(row);
    // 3 died after upstream received the lookup but before its answer was written (same externalId);
    for (const row of rows.slice(3, 6)) {
      const lookup = (await createLinkedLookup(row))!;
      await upstream.startDebtLookup({
        state: lookup.uf,
        licensePlate: lookup.plate,
        renavam: lookup.renavam,
        cpfCnpj: lookup.cpfCnpj,
        externalId: lookup.externalId,
      });
    }
    // 2 died holding the claim, before doing anything. Nobody finishes or releases them.
    await outliveDyingLease();
    receiver.mode = "forward";

    // Another instance takes over once the lease has run out.
    const v = await runUntilFinished(cookie, batchId);
    expect(v.progress).toMatchObject({ total: 12, done: 12, failed: 0, remaining: 0 });
    const counts = sandboxLookupsByPlate(env.sandbox.ctx.store);
    for (const vehicle of vehicles) expect(counts.get(vehicle.plate), vehicle.plate).toBe(1);
    // Each item kept the one Lookup row it linked before anything was sent.
    expect(await db.lookup.count({ where: { plate: { in: vehicles.map((x) => x.plate) } } })).toBe(
      12,
    );
    for (const item of v.items)
      expect(item.summary).toMatchObject({ debtCount: expect.any(Number) });
  }, 45_000);

  it("the claim's group step commits every Lookup before any call, writes nothing when one item changed, and a claimer dying after it resends the same externalIds", async () => {
    const vehicles = familyPlates(8, 5);
    const plates = vehicles.map((x) => x.plate);
    const { cookie, batchId } = await unclaimedBatch("g", vehicles);
    const { db } = await import("@/lib/db/client");
    const { createLinkedLookup, createLinkedLookups } =
      await import("@/lib/workspace/batches/batch-job");
    const { upstream } = await import("@/lib/upstream/client");

    receiver.mode = "fail";
    const rows = await claimAsDyingInstance(8);
    expect(rows).toHaveLength(8);
    // One item got its Lookup after the claim read the rows: the group must not link it again.
    await createLinkedLookup(rows[0]!);
    await expect(createLinkedLookups(rows)).rejects.toThrow(/changed/);
    expect(await db.lookup.count({ where: { plate: { in: plates } } })).toBe(1);
    // The rest as one group: all committed, linked and pending before anything is sent.
    const created = await createLinkedLookups(rows.slice(1));
    expect(created.size).toBe(7);
    const stored = await db.lookup.findMany({ where: { plate: { in: plates } } });
    expect(stored).toHaveLength(8);
    expect(stored.every((l) => l.status === "pending" && l.transactionId === null)).toBe(true);
    // Tagged as the batch's: their results reach the batch items' reaction (lib/workspace/batches/reactions.ts).
    expect(stored.map((l) => l.origin)).toEqual(Array(8).fill("batch"));
    // Written by one raw statement, yet sealed at rest like any Prisma write, with the keyed hash
    // that finds the person; read back plain through the client.
    const { documentIndex } = await import("@/lib/privacy");
    const atRest = await db.$queryRawUnsafe<
      { id: string; renavam: string; cpfCnpj: string; cpfCnpjIndex: string }[]
    >(
      `SELECT "id", "renavam", "cpfCnpj", "cpfCnpjIndex" FROM "Lookup" WHERE "id" IN (${[...created.values()].map((l) => `'${l.id}'`).join(", ")})`,
    );
    expect(atRest).toHaveLength(7);
    for (const row of atRest) {
      const plain = stored.find((l) => l.id === row.id)!;
      expect(row.renavam).toMatch(/^v1:/);
      expect(row.cpfCnpj).toMatch(/^v1:/);
      expect(row.cpfCnpjIndex).toBe(documentIndex(plain.cpfCnpj));
      expect(vehicles.some((x) => x.cpfCnpj === plain.cpfCnpj && x.renavam === plain.renavam)).toBe(
        true,
      );
    }
    const items = await db.lookupBatchItem.findMany({ where: { batchId } });
    expect(items.every((i) => i.status === "running" && i.lookupId !== null)).toBe(true);
    const sentBefore = sandboxLookupsByPlate(env.sandbox.ctx.store);
    for (const p of plates) expect(sentBefore.get(p), p).toBeUndefined();
    // Three calls left before the claimer died; nobody wrote their answers.
    for (const row of rows.slice(1, 4)) {
      const l = created.get(row.id)!;
      await upstream.startDebtLookup({
        state: l.uf,
        licensePlate: l.plate,
        renavam: l.renavam,
        cpfCnpj: l.cpfCnpj,
        externalId: l.externalId,
      });
    }
    await outliveDyingLease();
    receiver.mode = "forward";

    const v = await runUntilFinished(cookie, batchId);
    expect(v.progress).toMatchObject({ total: 8, done: 8, failed: 0, remaining: 0 });
    const counts = sandboxLookupsByPlate(env.sandbox.ctx.store);
    for (const p of plates) expect(counts.get(p), p).toBe(1);
    const after = await db.lookup.findMany({ where: { plate: { in: plates } } });
    expect(after.map((l) => l.externalId).sort()).toEqual(stored.map((l) => l.externalId).sort());
    expect(after.every((l) => l.transactionId !== null)).toBe(true);
  }, 45_000);

  it("a result not started by a batch costs the batch's reaction no statement (nor a batch's result Radar's)", async () => {
    const { db } = await import("@/lib/db/client");
    const { settleBatchItems } = await import("@/lib/workspace/batches/reactions");
    const { settleRadarScans } = await import("@/lib/radar/reactions");
    const resolved = (origin: string | null) => ({
      lookupRowId: `lookup-of-${origin ?? "a-person"}`,
      origin,
      status: "no_debts",
      errorCode: null,
      errorMessage: null,
      debts: [],
    });
    // Every property the reaction reads off the transaction is written down: a statement needs one.
    const touched = (reaction: typeof settleBatchItems, origins: (string | null)[]) =>
      db.$transaction(async (tx) => {
        const seen: string[] = [];
        const watched = new Proxy(tx, {
          get: (target, key, receiver) => (
            seen.push(String(key)),
            Reflect.get(target, key, receiver)
          ),
        });
        await reaction(watched, { now: new Date(), lookups: origins.map(resolved) });
        return seen;
      });
    expect(await touched(settleBatchItems, [null, "radar"])).toEqual([]);
    expect(await touched(settleRadarScans, [null, "batch"])).toEqual([]);
    // The watch sees statements when there is work: the empty lists above are the filters' doing.
    expect(await touched(settleBatchItems, [null, "batch"])).toContain("$executeRaw");
    expect((await touched(settleRadarScans, ["radar"])).length).toBeGreaterThan(0);
  });

  it("an upstream 429 defers the items to its Retry-After (no spinning, nothing failed), then they finish", async () => {
    const email = `lote.e.${Date.now()}@despachante.test`;
    const cookie = await signIn(email);
    const userId = await userIdOf(email);
    const vehicles = familyPlates(3, 4);
    await seedVehicles(userId, vehicles);
    const armed = await fetch(`${env.sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "x-api-key": TEST_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        path: "/uvvi/v1/debts",
        fault: "rate-limit",
        retryAfter: 6,
        times: 3,
      }),
    });
    expect(armed.status).toBeLessThan(300);
    const limitedAt = Date.now();
    const res = await createBatch(cookie, { scope: "all" });
    const { batchId } = (await res.json()) as { batchId: string };
    const { kickBatches } = await import("@/lib/workspace/batches/worker");
    await kickBatches();
    const { db } = await import("@/lib/db/client");
    const waiting = await db.lookupBatchItem.findMany({ where: { batchId } });
    // Every item waits for the Retry-After (the pause is fleet-wide), none failed, none spun.
    for (const item of waiting) {
      expect(item.status).toBe("running");
      expect(item.attempts).toBe(0); // a deferral is not a failed try
      expect(item.notBefore!.getTime()).toBeGreaterThanOrEqual(limitedAt + 5_000);
    }
    expect(sandboxLookupsByPlate(env.sandbox.ctx.store).get(vehicles[0]!.plate)).toBeUndefined();
    // Room for one check-back (CHECK_BACK_MS, 20 s) when a lookup's result lands before its
    // acknowledgment is recorded; what this test holds is the deferral, counted below.
    const v = await runUntilFinished(cookie, batchId, 45_000);
    expect(v.progress).toMatchObject({ done: 3, failed: 0 });
    const finished = await db.lookupBatchItem.findMany({
      where: { batchId },
      select: { startedAt: true, finishedAt: true },
    });
    for (const item of finished)
      expect(item.finishedAt!.getTime()).toBeGreaterThanOrEqual(limitedAt + 6_000);
    const counts = sandboxLookupsByPlate(env.sandbox.ctx.store);
    for (const vehicle of vehicles) expect(counts.get(vehicle.plate), vehicle.plate).toBe(1);
  }, 60_000);
});
