import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { holdWriteLock } from "../support/hold-write-lock";
import { seedLookup, seedPayment } from "../support/webhook-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// The route's documented answers, over real HTTP where concurrency matters.
let t: TestEnvironment;
let receiver: WebhookReceiver;
let POST: typeof import("@/app/api/webhooks/uvvi/[secret]/route").POST;
let db: typeof import("@/lib/db/client").db;
let drain: () => Promise<void>;

beforeAll(async () => {
  t = await setupTestEnvironment();
  ({ POST } = await import("@/app/api/webhooks/uvvi/[secret]/route"));
  ({ db } = await import("@/lib/db/client"));
  ({ dispatchPendingWebhooks: drain } = await import("@/lib/webhooks/dispatch"));
  receiver = await startWebhookReceiver(POST);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const url = (secret = TEST_WEBHOOK_SECRET) =>
  `${receiver.url}/api/webhooks/uvvi/${encodeURIComponent(secret)}`;
const deliver = (body: unknown, secret?: string) =>
  fetch(url(secret), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const debtsEvent = (lookup: { externalId: string; transactionId: string | null }) => ({
  type: "debts",
  transactionId: Number(lookup.transactionId),
  externalId: lookup.externalId,
  vehicle: { uf: "MG", document: "52998224725", licensePlate: "MGD1E23", renavam: "01234567803" },
  debts: [
    {
      id: randomUUID(),
      amount: 130.16,
      title: "Multa",
      description: "Excesso de velocidade",
      type: "ticket",
      dueDate: "2026-01-10T00:00:00.000Z",
      expirationDate: null,
      hasDiscount: true,
      isExpired: false,
      year: null,
      required: false,
      dependsOn: [],
      distinct: [],
      ait: "A123",
    },
    {
      id: randomUUID(),
      amount: 1.005,
      title: "Taxa",
      description: "Serviço",
      type: "service",
      dueDate: null,
      expirationDate: null,
      hasDiscount: false,
      isExpired: false,
      year: 2026,
      required: true,
      dependsOn: [],
      distinct: [],
    },
  ],
});

describe("webhook route answers", () => {
  it("wrong secret: 404 and nothing stored", async () => {
    const before = await db.webhookEvent.count();
    const res = await deliver(
      { type: "VehicleNotFound", transactionId: 1, externalId: randomUUID() },
      "not-the-secret",
    );
    expect(res.status).toBe(404);
    expect(await db.webhookEvent.count()).toBe(before);
  });

  it("malformed body (not JSON, missing fields, wrong types): 400 and nothing stored", async () => {
    const before = await db.webhookEvent.count();
    for (const body of [
      "{not json",
      JSON.stringify({ transactionId: 1 }),
      JSON.stringify({ type: "payment-status-update", transactionId: 1, externalId: "x" }),
      JSON.stringify({
        type: "debts",
        transactionId: 1,
        externalId: "x",
        debts: [{ id: "d", amount: "12,00" }],
      }),
      // A NUL in a stored column (PostgreSQL refuses it in text): malformed on both providers, never a 503.
      JSON.stringify({ type: "\u0000", transactionId: 3, externalId: "e" }),
      JSON.stringify({ type: "search-error-event", transactionId: 3, externalId: "e\u0000" }),
    ]) {
      const res = await deliver(body);
      expect(res.status).toBe(400);
      expect(await res.json()).not.toHaveProperty("received");
    }
    expect(await db.webhookEvent.count()).toBe(before);
  });

  it("unknown type: 200 {received:true}, stored, not applied", async () => {
    const externalId = randomUUID();
    const res = await deliver({
      type: "chargeback-opened",
      transactionId: 7,
      externalId,
      reason: "x",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true });
    await drain();
    const row = await db.webhookEvent.findFirstOrThrow({ where: { externalId } });
    expect(row).toMatchObject({
      type: "chargeback-opened",
      transactionId: "7",
      outcome: "ignored",
    });
  });

  it("100 parallel deliveries of one debts event: stored once, applied once, amounts in exact cents", async () => {
    const lookup = await seedLookup(db);
    const event = debtsEvent(lookup);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(event)));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    await drain();
    expect(await db.webhookEvent.count({ where: { externalId: lookup.externalId } })).toBe(1);
    const debts = await db.lookupDebt.findMany({
      where: { lookupId: lookup.id },
      orderBy: { amountCents: "asc" },
    });
    expect(debts.map((d) => d.amountCents)).toEqual([101, 13016]);
    expect(await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } })).toMatchObject({
      status: "debts",
    });
  });

  it("100 parallel deliveries of one payment-status-update: stored once, one status call, nothing the upstream did not confirm written", async () => {
    // The upstream does not know this payment (a seeded paymentId): the event's "processing" is
    // asked about once (the confirmation's spacing) and, contradicted, kept only as evidence.
    const payment = await seedPayment(db, { status: "awaiting_payment" });
    const event = {
      type: "payment-status-update",
      transactionId: 99,
      externalId: payment.externalId,
      paymentId: payment.paymentId,
      status: "processing",
      amount: 100,
      paidAt: null,
      liquidationStatus: null,
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(event)));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([200]));
    await drain();
    expect(await db.paymentEvent.count({ where: { paymentId: payment.id } })).toBe(0);
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "awaiting_payment",
      notFoundCount: 1,
    });
    const rows = await db.webhookEvent.findMany({ where: { externalId: payment.externalId } });
    expect(rows.map((r) => [r.outcome, r.error])).toEqual([
      ["ignored", "not confirmed by the status endpoint (upstream: awaiting_payment/-)"],
    ]);
  });

  it("a lookup event for a lookup we did not start, or with another transactionId, is stored as unmatched", async () => {
    const lookup = await seedLookup(db);
    await deliver({ ...debtsEvent(lookup), transactionId: 123 }); // right externalId, wrong transactionId
    await deliver({ type: "VehicleWithoutDebts", transactionId: 5, externalId: randomUUID() });
    await drain();
    const rows = await db.webhookEvent.findMany({
      where: { OR: [{ externalId: lookup.externalId }, { transactionId: "5" }] },
    });
    expect(rows.map((r) => r.outcome)).toEqual(["unmatched", "unmatched"]);
    expect(await db.lookupDebt.count({ where: { lookupId: lookup.id } })).toBe(0);
    expect((await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } })).status).toBe(
      "pending",
    );
  });

  it("lookup results stored together in one claim end each as they would alone (own, forged, unknown, second result, already resolved)", async () => {
    const { ingestWebhook } = await import("@/lib/webhooks/ingest");
    const [a, forged, notFound, failed, done] = await Promise.all(
      Array.from({ length: 5 }, () => seedLookup(db)),
    );
    await db.lookup.update({
      where: { id: done!.id },
      data: { status: "no_debts", resolvedAt: new Date() },
    });
    const payment = await seedPayment(db, { status: "awaiting_payment" });
    const events = [
      debtsEvent(a!),
      { ...debtsEvent(forged!), transactionId: 123 },
      {
        type: "VehicleNotFound",
        transactionId: Number(notFound!.transactionId),
        externalId: notFound!.externalId,
      },
      {
        type: "search-error-event",
        transactionId: Number(failed!.transactionId),
        externalId: failed!.externalId,
        status: "ERROR",
        error: [
          { errorCode: "901", message: "Timeout" },
          { errorCode: "900", message: "Down" },
        ],
      },
      {
        type: "VehicleWithoutDebts",
        transactionId: Number(a!.transactionId),
        externalId: a!.externalId,
      },
      { type: "VehicleWithoutDebts", transactionId: 5, externalId: randomUUID() },
      {
        type: "VehicleNotFound",
        transactionId: Number(done!.transactionId),
        externalId: done!.externalId,
      },
      {
        type: "payment-status-update",
        transactionId: 98,
        externalId: payment.externalId,
        paymentId: payment.paymentId,
        status: "processing",
        amount: 100,
        paidAt: null,
        liquidationStatus: null,
      },
    ];
    // Stored without the route's kick, a few ms apart (the claim takes them oldest first): one claim holds them all.
    const ids: string[] = [];
    for (const e of events) {
      const stored = await ingestWebhook(JSON.stringify(e));
      if (stored.kind !== "stored") throw new Error(`not stored: ${stored.kind}`);
      ids.push(stored.id);
      await new Promise((r) => setTimeout(r, 3));
    }
    await drain();
    const rows = await db.webhookEvent.findMany({ where: { id: { in: ids } } });
    const row = (k: number) => rows.find((r) => r.id === ids[k])!;
    expect(ids.map((_, k) => [row(k).outcome, row(k).error])).toEqual([
      ["applied", null],
      ["unmatched", "no lookup of ours with this externalId/transactionId"],
      ["applied", null],
      ["applied", null],
      ["ignored", "lookup already resolved"],
      ["unmatched", "no lookup of ours with this externalId/transactionId"],
      ["ignored", "lookup already resolved"],
      ["ignored", "not confirmed by the status endpoint (upstream: awaiting_payment/-)"],
    ]);
    // The seven lookup events went through one group transaction (one moment for all of them).
    expect(new Set([0, 1, 2, 3, 4, 5, 6].map((k) => row(k).appliedAt?.getTime())).size).toBe(1);
    const lookups = await db.lookup.findMany({
      where: { id: { in: [a!.id, forged!.id, notFound!.id, failed!.id, done!.id] } },
    });
    const status = (id: string) => lookups.find((l) => l.id === id)!;
    expect(status(a!.id)).toMatchObject({ status: "debts" });
    expect(status(forged!.id)).toMatchObject({ status: "pending", resolvedAt: null });
    expect(status(notFound!.id)).toMatchObject({ status: "not_found" });
    expect(status(failed!.id)).toMatchObject({
      status: "error",
      errorCode: "901",
      errorMessage: "Timeout; Down",
    });
    expect(status(done!.id)).toMatchObject({ status: "no_debts" });
    // Written by one multi-row INSERT: read back through Prisma with every type intact.
    const [fee, fine] = await db.lookupDebt.findMany({
      where: { lookupId: a!.id },
      orderBy: { amountCents: "asc" },
    });
    expect(fee).toMatchObject({
      amountCents: 101,
      type: "service",
      dueDate: null,
      hasDiscount: false,
      isExpired: false,
      year: 2026,
      required: true,
      dependsOn: "[]",
    });
    expect(fine).toMatchObject({
      amountCents: 13016,
      type: "ticket",
      dueDate: new Date("2026-01-10T00:00:00.000Z"),
      hasDiscount: true,
      year: null,
      required: false,
      ait: "A123",
    });
    expect(
      await db.lookupDebt.count({
        where: { lookupId: { in: [forged!.id, notFound!.id, failed!.id, done!.id] } },
      }),
    ).toBe(0);
    expect(await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "awaiting_payment",
    });
  });

  it("a row run again after its instance stored the result and died before finishing the row ends applied (its first run's), not 'already resolved'; a later event for that lookup stays ignored", async () => {
    const { ingestWebhook } = await import("@/lib/webhooks/ingest");
    const { claim } = await import("@/lib/jobs/queue");
    const { webhookInbox } = await import("@/lib/webhooks/dispatch");
    const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => seedLookup(db)));
    const store = async (e: unknown) => {
      const stored = await ingestWebhook(JSON.stringify(e));
      if (stored.kind !== "stored") throw new Error(`not stored: ${stored.kind}`);
      return stored.id;
    };
    type Row = { id: string; attempts: number; payload: string; receivedAt: Date };
    // What a claimer does up to the moment it dies: claim, apply (committed), and no finishing write.
    const dieAfterApplying = async (apply: (rows: Row[]) => Promise<unknown>) => {
      const held = await claim<Row>(webhookInbox, 64);
      await apply(held.rows);
      return held.rows.map((r) => r.id);
    };
    // One lookup result alone (the handler path), then two applied together (the group path).
    const alone = await store({
      type: "VehicleNotFound",
      transactionId: Number(c!.transactionId),
      externalId: c!.externalId,
    });
    expect(
      await dieAfterApplying((rows) => Promise.all(rows.map((r) => webhookInbox.run(r)))),
    ).toEqual([alone]);
    const grouped = [
      await store(debtsEvent(a!)),
      await store({
        type: "VehicleWithoutDebts",
        transactionId: Number(b!.transactionId),
        externalId: b!.externalId,
      }),
    ];
    expect((await dieAfterApplying((rows) => webhookInbox.prepare!(rows))).sort()).toEqual(
      [...grouped].sort(),
    );
    expect(
      (await db.lookup.findMany({ where: { id: { in: [a!.id, b!.id, c!.id] } } }))
        .map((l) => l.status)
        .sort(),
    ).toEqual(["debts", "no_debts", "not_found"]);
    // The dead claimer's leases run out.
    await db.webhookEvent.updateMany({
      where: { id: { in: [alone, ...grouped] } },
      data: { leaseUntil: new Date(Date.now() - 1) },
    });
    const late = await store({
      type: "VehicleNotFound",
      transactionId: Number(a!.transactionId),
      externalId: a!.externalId,
    });

    await drain();
    const rows = await db.webhookEvent.findMany({
      where: { id: { in: [...grouped, alone, late] } },
    });
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(
      [...grouped, alone, late].map((id) => [row(id).outcome, row(id).error, row(id).attempts]),
    ).toEqual([
      ["applied", null, 2],
      ["applied", null, 2],
      ["applied", null, 2],
      ["ignored", "lookup already resolved", 1],
    ]);
    // Stored once: the re-run wrote nothing.
    expect(await db.lookupDebt.count({ where: { lookupId: a!.id } })).toBe(2);
    expect((await db.lookup.findUniqueOrThrow({ where: { id: a!.id } })).resolvedByEventId).toBe(
      grouped[0],
    );
  });

  it("a lookup's debts are listed in the order the upstream sent them, alone or applied together (pages list them by id)", async () => {
    const { ingestWebhook } = await import("@/lib/webhooks/ingest");
    const manyDebts = (lookup: { externalId: string; transactionId: string | null }) => {
      const event = debtsEvent(lookup);
      // 20 debts whose ids and amounts are in no sorted order: only their position says the order.
      event.debts = Array.from({ length: 20 }, (_, k) => ({
        ...event.debts[k % 2]!,
        id: randomUUID(),
        amount: ((k * 7919) % 97) + 1,
        title: `Débito ${k}`,
      }));
      return event;
    };
    const [alone, first, second] = await Promise.all([
      seedLookup(db),
      seedLookup(db),
      seedLookup(db),
    ]);
    const events = new Map([alone!, first!, second!].map((l) => [l.id, manyDebts(l)]));
    expect((await deliver(events.get(alone!.id))).status).toBe(200);
    await drain();
    for (const l of [first!, second!])
      expect((await ingestWebhook(JSON.stringify(events.get(l.id)))).kind).toBe("stored");
    await drain();
    for (const [lookupId, event] of events) {
      const stored = await db.lookupDebt.findMany({
        where: { lookupId },
        orderBy: { id: "asc" },
        select: { debtId: true },
      });
      expect(stored.map((d) => d.debtId)).toEqual(event.debts.map((d) => d.id));
    }
  });

  it("database unavailable (write lock held elsewhere): 503, nothing acknowledged; the retry is stored", async () => {
    const release = await holdWriteLock(t.databaseUrl);
    const externalId = randomUUID();
    const event = { type: "VehicleNotFound", transactionId: 77, externalId };
    try {
      const started = Date.now();
      const res = await deliver(event);
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000); // the upstream waits 5 s at most
    } finally {
      await release();
    }
    expect(await db.webhookEvent.count({ where: { externalId } })).toBe(0);
    expect((await deliver(event)).status).toBe(200);
    expect(await db.webhookEvent.count({ where: { externalId } })).toBe(1);
  });
});
