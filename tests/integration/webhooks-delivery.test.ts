import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reaisToCents } from "@/lib/rules/money";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import {
  setupTestEnvironment,
  TEST_API_KEY,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { createUpstreamPayment, resetSandbox } from "../support/webhook-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// The SANDBOX delivers real HTTP webhooks (its dispatcher, its retry schedule) to our route handler.
let t: TestEnvironment;
let receiver: WebhookReceiver;
let db: typeof import("@/lib/db/client").db;
let upstream: typeof import("@/lib/upstream/client").upstream;
let drain: () => Promise<void>;
let sweepPayments: typeof import("@/lib/payments/sweep").sweepPayments;

beforeAll(async () => {
  t = await setupTestEnvironment(); // timeScale 0.0001: retries 15/60/90 min come after 90/360/540 ms
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  ({ db } = await import("@/lib/db/client"));
  ({ upstream } = await import("@/lib/upstream/client"));
  ({ dispatchPendingWebhooks: drain } = await import("@/lib/webhooks/dispatch"));
  ({ sweepPayments } = await import("@/lib/payments/sweep"));
  receiver = await startWebhookReceiver(POST);
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`);
});
beforeEach(async () => {
  receiver.mode = "forward";
  await resetSandbox(
    t.sandbox.url,
    TEST_API_KEY,
    `${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`,
  );
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const deliveriesFor = (externalId: string) =>
  t.sandbox.ctx.webhooks.deliveries().filter((d) => d.payload.externalId === externalId);
const replay = (payload: unknown) =>
  fetch(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });

describe("real sandbox deliveries", () => {
  it("lookup end to end: the debts webhook stores every debt in exact cents", async () => {
    const v = SANDBOX_VEHICLES.withDebts;
    const lookup = await db.lookup.create({
      data: {
        externalId: randomUUID(),
        uf: v.uf,
        plate: v.plate,
        renavam: v.renavam,
        cpfCnpj: v.cpfCnpj,
      },
    });
    const ack = await upstream.startDebtLookup({
      state: v.uf,
      licensePlate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      externalId: lookup.externalId,
    });
    if (ack.kind === "ack")
      await db.lookup.update({
        where: { id: lookup.id },
        data: { transactionId: ack.transactionId },
      });
    await t.sandbox.ctx.webhooks.idle();
    await drain();
    const resolved = await until(async () => {
      const l = await db.lookup.findUniqueOrThrow({
        where: { id: lookup.id },
        include: { debts: true },
      });
      return l.status !== "pending" && l;
    });
    const sent = t.sandbox.ctx.store.lookups.get(Number(ack.transactionId))!.debts;
    expect(resolved.status).toBe("debts");
    expect(resolved.debts.map((d) => [d.debtId, d.amountCents]).sort()).toEqual(
      sent.map((d) => [d.id, reaisToCents(d.amount)]).sort(),
    );
    // The lookup row can change before the sandbox has read our 200 (it marks a delivery
    // acknowledged only then): wait for its deliveries in flight to finish, then check.
    await t.sandbox.ctx.webhooks.idle();
    expect(deliveriesFor(lookup.externalId).every((d) => d.acknowledged)).toBe(true);
  });

  it("card paid, then settled: each step recorded once; replaying every event in reverse changes nothing", async () => {
    const { payment } = await createUpstreamPayment(db, upstream, { card: "visaPaid" });
    // paid (sync) -> settlement processing -> settled (confirmed through the status endpoint)
    const settled = await until(async () => {
      await drain();
      const p = await db.payment.findUniqueOrThrow({
        where: { id: payment.id },
        include: { debts: true, events: true },
      });
      return p.liquidationStatus === "settled" && p;
    });
    expect(settled.status).toBe("paid");
    expect(settled.settledAt).not.toBeNull();
    expect(settled.debts.every((d) => d.status === "settled")).toBe(true);
    const timeline = settled.events.map((e) => `${e.status}/${e.liquidationStatus ?? "-"}`);
    expect(new Set(timeline).size).toBe(timeline.length);

    const sent = deliveriesFor(payment.externalId);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const d of [...sent].reverse()) expect((await replay(d.payload)).status).toBe(200);
    await drain();
    const after = await db.payment.findUniqueOrThrow({
      where: { id: payment.id },
      include: { events: true },
    });
    expect(after).toMatchObject({ status: "paid", liquidationStatus: "settled" });
    expect(after.events).toHaveLength(settled.events.length);
  });

  it("out of order: paid arrives before processing, the payment ends paid", async () => {
    receiver.mode = "fail"; // let the sandbox's attempts fail so we choose the order
    const { payment } = await createUpstreamPayment(db, upstream, {
      card: "processingThenPaid",
      answered: false,
    });
    await until(async () =>
      deliveriesFor(payment.externalId).some((d) => d.payload.status === "paid"),
    );
    receiver.mode = "forward";
    const sent = deliveriesFor(payment.externalId).map((d) => d.payload);
    const paid = sent.filter((p) => p.status === "paid");
    const processing = sent.filter((p) => p.status === "processing");
    for (const p of [...paid, ...processing]) expect((await replay(p)).status).toBe(200);
    await drain();
    const p = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(p.status).toBe("paid");
    expect(p.paymentId).toBe(sent[0]!.paymentId); // learned from the status endpoint, not the event
  });

  it("lost webhook (every attempt answered 500): the sweep still brings the payment to its final status", async () => {
    receiver.mode = "fail";
    const { payment } = await createUpstreamPayment(db, upstream, {
      card: "visaPaid",
      answered: false,
    });
    // The sandbox tries at once, then 15, 60 and 90 (scaled) minutes later, and gives up.
    await until(async () => deliveriesFor(payment.externalId).some((d) => d.attempts.length === 4));
    receiver.mode = "forward";
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(
      "pending",
    );
    await sweepPayments(new Date(Date.now() + 35_000)); // as if 35 s had passed (a poll learns nothing in the first 30 s)
    const p = await db.payment.findUniqueOrThrow({
      where: { id: payment.id },
      include: { events: true },
    });
    expect(p.status).toBe("paid");
    expect(p.paymentId).not.toBeNull();
    expect(p.events.map((e) => e.source)).toContain("reconcile");
  });
});
