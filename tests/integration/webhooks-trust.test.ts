import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { drainUntilJudged as drainAll } from "../support/inbox";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { createUpstreamPayment } from "../support/webhook-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

// Real time (timeScale 1): a PIX payment stays awaiting_payment upstream for 30 minutes.
let t: TestEnvironment;
let receiver: WebhookReceiver;
let db: typeof import("@/lib/db/client").db;
let upstream: typeof import("@/lib/upstream/client").upstream;
let drain: () => Promise<void>;
let reconcilePayment: typeof import("@/lib/payments/reconcile").reconcilePayment;

beforeAll(async () => {
  // The production spacing, stated: the assertions below count status calls by it.
  t = await setupTestEnvironment({
    sandbox: { timeScale: 1 },
    env: { STATUS_CHECK_INTERVAL_MS: "31000", STATUS_CONFIRM_SPACING_MS: "2000" },
  });
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  ({ db } = await import("@/lib/db/client"));
  ({ upstream } = await import("@/lib/upstream/client"));
  ({ dispatchPendingWebhooks: drain } = await import("@/lib/webhooks/dispatch"));
  ({ reconcilePayment } = await import("@/lib/payments/reconcile"));
  receiver = await startWebhookReceiver(POST);
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

/** Drains until every event of the payment is judged (the forged ones included). */
const drainUntilJudged = (externalId: string) =>
  drainAll(externalId, { attempts: 60, requireEvent: false });

const forge = (payload: unknown) =>
  fetch(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });

describe("webhooks are hints", () => {
  it("a forged `paid` for a payment the upstream still has pending leaves it pending", async () => {
    const { payment, answer } = await createUpstreamPayment(db, upstream, { method: "pix" });
    await t.sandbox.ctx.webhooks.idle();
    await drain();
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(
      "awaiting_payment",
    );
    const forged = {
      type: "payment-status-update",
      transactionId: answer.kind === "answered" ? (answer.transactionId ?? 1) : 1,
      externalId: payment.externalId,
      paymentId: answer.kind === "answered" ? answer.paymentId : "x",
      status: "paid",
      amount: 1,
      paidAt: new Date().toISOString(),
      liquidationStatus: "settled",
    };
    expect((await forge(forged)).status).toBe(200); // stored (it may be a real hint) ...
    await drainUntilJudged(payment.externalId);
    const p = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(p.status).toBe("awaiting_payment"); // ... but never applied without the status endpoint
    expect(p.liquidationStatus).not.toBe("settled");
    const row = await db.webhookEvent.findFirstOrThrow({
      where: { externalId: payment.externalId, dedupeKey: { contains: "|paid|" } },
    });
    expect(row.outcome).toBe("ignored");
    expect(row.error).toMatch(/not confirmed/);
  });

  it("a status update for a payment we never made is stored as unmatched", async () => {
    const res = await forge({
      type: "payment-status-update",
      transactionId: 1,
      externalId: "someone-else",
      paymentId: "pay_x",
      status: "paid",
      amount: 1,
      paidAt: null,
      liquidationStatus: null,
    });
    expect(res.status).toBe(200);
    await drain();
    expect(
      (await db.webhookEvent.findFirstOrThrow({ where: { externalId: "someone-else" } })).outcome,
    ).toBe("unmatched");
  });

  it("reconcile is coalesced: 50 concurrent callers, one upstream call; none again within the budget window", async () => {
    const { payment } = await createUpstreamPayment(db, upstream, { method: "pix" });
    // The sandbox's own event about the new payment is confirmed first (a call joined by any poll).
    await t.sandbox.ctx.webhooks.idle();
    await drainUntilJudged(payment.externalId);
    const spy = vi.spyOn(upstream, "getPaymentStatus");
    try {
      // In its first 30 s a payment has nothing to teach a poll: no call at all.
      expect(
        await Promise.all(Array.from({ length: 50 }, () => reconcilePayment(payment.id))),
      ).toEqual(Array(50).fill(false));
      expect(spy).toHaveBeenCalledTimes(0);
      // Every caller learns whether a check ran: the status endpoint reads the payment again only then.
      const later = new Date(Date.now() + 35_000);
      expect(
        await Promise.all(Array.from({ length: 50 }, () => reconcilePayment(payment.id, later))),
      ).toEqual(Array(50).fill(true));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(
        await Promise.all(Array.from({ length: 50 }, () => reconcilePayment(payment.id, later))),
      ).toEqual(Array(50).fill(false));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
