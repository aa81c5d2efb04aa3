import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainUntilJudged } from "../support/inbox";
import { freshCheckout, json, pay, readPayment } from "../support/storefront-flow";
import {
  setupTestEnvironment,
  TEST_API_KEY,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";
import {
  paymentRowByRef,
  registerReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../support/webhook-receiver";

// payment-status-update events write nothing themselves (docs/payment-states.md): each is
// confirmed by the status endpoint on its own short, backing-off spacing, at the PRODUCTION poll
// spacing (31 s), with the sandbox's real webhook deliveries to our route.

type View = { ref: string; status: string; pix?: { qrCode: string } };
type ErrorBody = { error: { code: string; message: string } };

let env: TestEnvironment;
let receiver: WebhookReceiver;
let db: typeof import("@/lib/db/client").db;
let drain: () => Promise<void>;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 1 },
    env: {
      STATUS_CHECK_INTERVAL_MS: "31000",
      STATUS_CONFIRM_SPACING_MS: String(CONFIRM_SPACING_MS),
      RATE_LIMIT_PAYMENTS: "100000",
      RATE_LIMIT_CHECKOUTS: "100000",
    },
  });
  ({ db } = await import("@/lib/db/client"));
  ({ dispatchPendingWebhooks: drain } = await import("@/lib/webhooks/dispatch"));
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  receiver = await startWebhookReceiver(POST);
});
afterAll(async () => {
  await receiver?.close();
  await env?.close();
});

/**
 * The confirmations' first spacing: a quarter of the production 2 s, so the flood below shows the
 * doubling in 3 s instead of 12 (the bound is in units of the spacing, so the test is as strict).
 */
const CONFIRM_SPACING_MS = 500;
/** 3 s of forged events, 10 a second: long enough for a fixed spacing to make twice the calls a doubling one does. */
const FLOOD_EVENTS = 30;
const later = (ms: number) => new Date(Date.now() + ms);
const rowOf = paymentRowByRef;
const viewOf = async (ref: string) => json<View>(await readPayment(ref));

async function checkoutView(token: string) {
  const { GET } = await import("@/app/api/checkouts/[token]/route");
  return json<{ status: string; latestPayment?: View }>(
    await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
  );
}

describe("events are confirmed, never written as facts", () => {
  async function openPix() {
    const { token } = await freshCheckout(env);
    await registerReceiver(receiver);
    const res = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
    const view = await json<View>(res);
    const row = await rowOf(view.ref);
    await env.sandbox.ctx.webhooks.idle();
    await drainUntilJudged(row.externalId).catch(() => undefined); // the creation's own event, if any
    return { token, view, row };
  }
  const forge = (
    row: { externalId: string; paymentId: string | null; transactionId: string | null },
    status: string,
    liquidationStatus: string | null,
  ) =>
    fetch(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        type: "payment-status-update",
        transactionId: Number(row.transactionId ?? 1),
        externalId: row.externalId,
        paymentId: row.paymentId,
        status,
        amount: 1,
        paidAt: null,
        liquidationStatus,
      }),
    });

  it("chargeback, in_analysis on a PIX, awaiting_payment with a settlement in progress, processing: none is written; the PIX stays payable and renewable", async () => {
    const { metrics } = await import("@/lib/metrics/registry");
    const unknownBefore =
      (await metrics.paymentUnknownValues.get()).values.find((v) => v.labels.source === "event")
        ?.value ?? 0;
    const { token, view, row } = await openPix();
    const timeline = (await rowOf(view.ref)).events.length;
    const forgedFrom = new Date();
    for (const [status, liq] of [
      ["chargeback", null],
      ["in_analysis", null],
      ["awaiting_payment", "processing"],
      ["processing", null],
    ] as const) {
      expect((await forge(row, status, liq)).status).toBe(200);
    }
    await drainUntilJudged(row.externalId);
    const after = await rowOf(view.ref);
    expect(after).toMatchObject({ status: "awaiting_payment", liquidationStatus: null });
    expect(after.events).toHaveLength(timeline);
    const forged = await db.webhookEvent.findMany({
      where: {
        externalId: row.externalId,
        type: "payment-status-update",
        receivedAt: { gte: forgedFrom },
      },
    });
    expect(forged.every((e) => e.outcome === "ignored")).toBe(true);
    expect(forged).toHaveLength(4);
    expect(forged.some((e) => /unknown status "chargeback" not written/.test(e.error ?? ""))).toBe(
      true,
    );
    expect(
      forged.filter((e) =>
        /not confirmed by the status endpoint \(upstream: awaiting_payment\/-\)/.test(
          e.error ?? "",
        ),
      ),
    ).toHaveLength(3);
    const unknownAfter =
      (await metrics.paymentUnknownValues.get()).values.find((v) => v.labels.source === "event")
        ?.value ?? 0;
    expect(unknownAfter - unknownBefore).toBe(1);
    // The code still pays and is still its own: renewal is "still valid", not "not renewable".
    expect((await viewOf(view.ref)).pix?.qrCode).toBe(view.pix!.qrCode);
    const { POST: renewRoute } = await import("@/app/api/payments/[paymentRef]/pix/renew/route");
    const renewed = await renewRoute(
      apiRequest(`/api/payments/${view.ref}/pix/renew`),
      params({ paymentRef: view.ref }),
    );
    expect(((await renewed.json()) as ErrorBody).error.code).toBe("PIX_STILL_VALID");
    expect((await checkoutView(token)).latestPayment?.status).toBe("awaiting_payment");
  });

  it("a flood of forged events for one payment costs a few status calls, spaced wider each time the upstream contradicts them", async () => {
    const { view, row } = await openPix();
    const countCalls = async () => {
      const res = await fetch(`${env.sandbox.url}/__sandbox/requests`, {
        headers: { "x-api-key": TEST_API_KEY },
      });
      return ((await res.json()) as { requests: { path: string }[] }).requests.filter(
        (r) => r.path === "/uvvi/v1/payment/status",
      ).length;
    };
    const before = await countCalls();
    const started = Date.now();
    for (let i = 0; i < FLOOD_EVENTS; i++) {
      // Each one distinct (the inbox stores an event once): final statuses and values nobody lists.
      await forge(row, i % 2 ? "paid" : `forged-${i}`, i % 3 ? null : "settled");
      void drain();
      await new Promise((r) => setTimeout(r, 100));
    }
    await drain();
    // Every call counted was made by now: the last drain's too.
    const elapsed = Date.now() - started;
    const calls = (await countCalls()) - before;
    // Spacing s, then 2s, 4s...: the k-th call cannot come before s x (2^(k-1) - 1), so in
    // `elapsed` ms at most floor(log2(elapsed / s + 1)) + 1 calls (a fixed spacing allows
    // elapsed / s + 1, about twice as many, so a spacing that stopped doubling fails here).
    const doublingBound = Math.floor(Math.log2(elapsed / CONFIRM_SPACING_MS + 1)) + 1;
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(doublingBound);
    const after = await rowOf(view.ref);
    expect(after.status).toBe("awaiting_payment");
    expect(after.unconfirmedEvents).toBeGreaterThanOrEqual(calls);
  });

  it("a real paid PIX is confirmed at once, even right after a poll took the polls' 31 s window", async () => {
    const { view, row } = await openPix();
    // A poll as the status page would make once it may learn something: the 31 s window is now taken.
    const { reconcilePayment } = await import("@/lib/payments/reconcile");
    expect(await reconcilePayment(row.id, later(31_000))).toBe(true);
    const fresh = await rowOf(view.ref);
    await new Promise((r) => setTimeout(r, CONFIRM_SPACING_MS + 100)); // past the creation event's confirmation spacing, if it took one
    const paidAt = Date.now();
    const res = await fetch(`${env.sandbox.url}/__sandbox/pix/${fresh.paymentId}/pay`, {
      method: "POST",
      headers: { "x-api-key": TEST_API_KEY },
    });
    expect(res.status).toBe(200);
    await env.sandbox.ctx.webhooks.idle();
    await drainUntilJudged(row.externalId);
    expect((await rowOf(view.ref)).status).toBe("paid");
    expect(Date.now() - paidAt).toBeLessThan(3_000);
  });
});
