import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { seedCheckout, seedLookup } from "../support/webhook-fixtures";
import { params } from "../support/upstream-helpers";

// A webhook flood on the real route handler: 10,000 deliveries, 5% malformed, 30% of the rest
// redeliveries of an earlier event, shuffled, 32 at a time. Every distinct event must be stored
// exactly once and applied exactly once (none lost, none twice); malformed ones answered 400 and
// never stored. The event types are the ones whose effect can be counted: lookup results (debts
// rows, status) and a payment step, which writes nothing itself but costs one status call to
// confirm (the sandbox does not know these seeded payments: one 404 each, counted on the row, and
// the event kept as evidence). Payment events are capped at 200 so their calls stay inside the
// upstream budget of a minute.

const N = Number(process.env.FLOOD_N ?? 10_000);
const CONCURRENCY = 32;
const MALFORMED_SHARE = 0.05;
const DUPLICATE_SHARE = 0.3;
const MAX_PAYMENT_EVENTS = 200;

type Kind = "debts" | "VehicleWithoutDebts" | "VehicleNotFound" | "payment";
type Distinct = { kind: Kind; targetId: string; body: string };

let t: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
let POST: typeof import("@/app/api/webhooks/uvvi/[secret]/route").POST;
let dispatch: () => Promise<void>;

beforeAll(async () => {
  t = await setupTestEnvironment();
  ({ db } = await import("@/lib/db/client"));
  ({ POST } = await import("@/app/api/webhooks/uvvi/[secret]/route"));
  ({ dispatchPendingWebhooks: dispatch } = await import("@/lib/webhooks/dispatch"));
});
afterAll(() => t?.close());

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const debt = (amount: number) => ({
  id: randomUUID(),
  amount,
  title: "Multa",
  description: "Excesso de velocidade",
  type: "ticket",
  dueDate: null,
  expirationDate: null,
  hasDiscount: false,
  isExpired: false,
  year: null,
  required: false,
  dependsOn: [],
  distinct: [],
});

/** Seeds the rows the distinct events point at (as our services would have) and builds the events. */
async function seedEvents(count: number): Promise<Distinct[]> {
  const kinds: Kind[] = ["debts", "VehicleWithoutDebts", "VehicleNotFound", "payment"];
  const lookupKinds = Array.from({ length: count }, (_, i) =>
    i < 4 * MAX_PAYMENT_EVENTS ? kinds[i % kinds.length]! : kinds[i % (kinds.length - 1)]!,
  );
  const paymentCount = lookupKinds.filter((k) => k === "payment").length;
  const lookups = Array.from({ length: count - paymentCount }, (_, i) => ({
    id: randomUUID(),
    externalId: randomUUID(),
    transactionId: String(1_000_000 + i),
    uf: "MG",
    plate: "MGD1E23",
    renavam: "01234567803",
    cpfCnpj: "52998224725",
  }));
  await db.lookup.createMany({ data: lookups });
  const checkout = await seedCheckout(db, (await seedLookup(db)).id);
  const payments = Array.from({ length: paymentCount }, () => ({
    id: randomUUID(),
    externalId: randomUUID(),
    paymentId: `pay_${randomUUID()}`,
    checkoutId: checkout.id,
    method: "credit_card",
    status: "pending",
  }));
  await db.payment.createMany({ data: payments });

  let l = 0;
  let p = 0;
  return lookupKinds.map((kind): Distinct => {
    if (kind === "payment") {
      const pay = payments[p++]!;
      const event = {
        type: "payment-status-update",
        transactionId: 5_000_000 + p,
        externalId: pay.externalId,
        paymentId: pay.paymentId,
        status: "processing",
        amount: 100,
        paidAt: null,
        liquidationStatus: "pending",
      };
      return { kind, targetId: pay.id, body: JSON.stringify(event) };
    }
    const lookup = lookups[l++]!;
    const base = {
      type: kind,
      transactionId: Number(lookup.transactionId),
      externalId: lookup.externalId,
    };
    const event =
      kind === "debts"
        ? { ...base, vehicle: { uf: "MG" }, debts: [debt(130.16), debt(1.005)] }
        : base;
    return { kind, targetId: lookup.id, body: JSON.stringify(event) };
  });
}

const MALFORMED = [
  "{not json",
  "",
  "[]",
  "null",
  JSON.stringify({ transactionId: 1, externalId: "x" }), // no type
  JSON.stringify({ type: "payment-status-update", transactionId: 1, externalId: "x" }), // no paymentId/status
  JSON.stringify({
    type: "debts",
    transactionId: 1,
    externalId: "x",
    debts: [{ id: "d", amount: "12,00" }],
  }),
  JSON.stringify({ type: "VehicleNotFound", transactionId: { n: 1 }, externalId: "x" }),
];

async function deliver(body: string): Promise<{
  status: number;
  body: { received?: boolean; duplicate?: boolean; error?: { code: string } };
}> {
  const req = new Request(`http://localhost:3999/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const res = await POST(req, params({ secret: TEST_WEBHOOK_SECRET }));
  return { status: res.status, body: (await res.json()) as never };
}

describe("webhook flood", () => {
  it(`${N} deliveries (${MALFORMED_SHARE * 100}% malformed, ${DUPLICATE_SHARE * 100}% duplicates, shuffled, ${CONCURRENCY} at a time): none lost, none applied twice`, async () => {
    const malformedCount = Math.round(N * MALFORMED_SHARE);
    const validCount = N - malformedCount;
    const distinctCount = Math.round(validCount * (1 - DUPLICATE_SHARE));
    const distinct = await seedEvents(distinctCount);
    const deliveries = shuffle([
      ...distinct.map((d, i) => ({ i, body: d.body })),
      ...Array.from({ length: validCount - distinctCount }, () => {
        const i = Math.floor(Math.random() * distinct.length);
        return { i, body: distinct[i]!.body };
      }),
      ...Array.from({ length: malformedCount }, (_, k) => ({
        i: -1,
        body: MALFORMED[k % MALFORMED.length]!,
      })),
    ]);
    expect(deliveries).toHaveLength(N);

    const answers: { i: number; status: number; duplicate: boolean; code?: string }[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const d = deliveries[next++]!;
          const res = await deliver(d.body);
          answers.push({
            i: d.i,
            status: res.status,
            duplicate: res.body.duplicate === true,
            code: res.body.error?.code,
          });
        }
      }),
    );
    const ingestMs = performance.now() - started;
    await dispatch();
    for (let k = 0; k < 100 && (await db.webhookEvent.count({ where: { outcome: null } })) > 0; k++)
      await dispatch();
    const totalMs = performance.now() - started;
    console.log(
      `webhook flood: ${N} deliveries in ${(ingestMs / 1000).toFixed(1)} s (${Math.round(N / (ingestMs / 1000))}/s, concurrency ${CONCURRENCY}); all ${distinct.length} distinct events applied ${(totalMs / 1000).toFixed(1)} s after the first delivery`,
    );

    // Answers: 400 for every malformed one, 200 for every valid one, "duplicate" for exactly the redeliveries.
    expect(answers).toHaveLength(N);
    expect(
      answers
        .filter((a) => a.i === -1)
        .every((a) => a.status === 400 && a.code === "INVALID_EVENT"),
    ).toBe(true);
    const valid = answers.filter((a) => a.i !== -1);
    expect(valid.every((a) => a.status === 200)).toBe(true);
    expect(valid.filter((a) => !a.duplicate)).toHaveLength(distinct.length);
    expect(new Set(valid.filter((a) => !a.duplicate).map((a) => a.i)).size).toBe(distinct.length);

    // Stored exactly once each; malformed never stored; everything applied.
    expect(await db.webhookEvent.count()).toBe(distinct.length);
    const outcomes = await db.webhookEvent.groupBy({
      by: ["outcome"],
      _count: true,
      orderBy: { outcome: "asc" },
    });
    const paymentEvents = distinct.filter((d) => d.kind === "payment").length;
    expect(outcomes).toEqual([
      { outcome: "applied", _count: distinct.length - paymentEvents },
      { outcome: "ignored", _count: paymentEvents },
    ]);

    // Applied exactly once: each lookup resolved as its event says, debts not doubled; each payment
    // event judged once (one status call), nothing written. (Read whole tables: thousands of ids
    // exceed SQLite's IN limit.)
    const status = new Map(
      (await db.lookup.findMany({ select: { id: true, status: true } })).map((r) => [
        r.id,
        r.status,
      ]),
    );
    const paymentRows = await db.payment.findMany({
      select: { id: true, status: true, notFoundCount: true },
    });
    const paymentStatus = new Map(paymentRows.map((r) => [r.id, r.status]));
    const statusCalls = new Map(paymentRows.map((r) => [r.id, r.notFoundCount ?? 0]));
    const debtRows = new Map(
      (await db.lookupDebt.groupBy({ by: ["lookupId"], _count: true })).map((r) => [
        r.lookupId,
        r._count,
      ]),
    );
    const eventRows = new Map(
      (await db.paymentEvent.groupBy({ by: ["paymentId"], _count: true })).map((r) => [
        r.paymentId,
        r._count,
      ]),
    );
    const expected: Record<Kind, string> = {
      debts: "debts",
      VehicleWithoutDebts: "no_debts",
      VehicleNotFound: "not_found",
      payment: "pending",
    };
    const wrong = distinct.filter((d) =>
      d.kind === "payment"
        ? paymentStatus.get(d.targetId) !== "pending" ||
          eventRows.has(d.targetId) ||
          statusCalls.get(d.targetId) !== 1
        : status.get(d.targetId) !== expected[d.kind] ||
          (debtRows.get(d.targetId) ?? 0) !== (d.kind === "debts" ? 2 : 0),
    );
    expect(
      wrong.map(
        (d) =>
          `${d.kind} ${d.targetId}: ${status.get(d.targetId) ?? paymentStatus.get(d.targetId)}, debts ${debtRows.get(d.targetId) ?? 0}, events ${eventRows.get(d.targetId) ?? 0}, status calls ${statusCalls.get(d.targetId) ?? 0}`,
      ),
    ).toEqual([]);
    expect([...debtRows.values()].reduce((a, b) => a + b, 0)).toBe(
      2 * distinct.filter((d) => d.kind === "debts").length,
    );
    // Correctness, not speed (bench:webhooks measures speed): on a slow host with another file
    // running beside it this takes minutes, so the limit is generous.
  }, 600_000);
});
