import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { cardToken, freshCheckout, json, pay, readPayment } from "../support/storefront-flow";

// Payments end to end through our route handlers and services, against the sandbox over HTTP.

type View = {
  ref: string;
  status: string;
  isFinal: boolean;
  cardBrand?: string;
  cardLastFour?: string;
  pix?: { qrCode: string };
  failureMessage?: string;
  timeline: { status: string }[];
};

const WITHHELD_MS = 2_500;
// timeScale 0.01: card tokens, checkouts and PIX codes stay valid for seconds, not milliseconds.
let env: TestEnvironment;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { withheldPaymentMs: WITHHELD_MS, timeScale: 0.01 },
    env: {
      UVVI_PAYMENT_TIMEOUT_MS: "800",
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      LOG_LEVEL: "error",
    },
  });
});
afterAll(() => env.close());

describe("card payments", () => {
  it("pays, keeps only brand and last four, and the same attemptId answers the same payment", async () => {
    const { token } = await freshCheckout(env);
    const ct = await cardToken(token, SANDBOX_CARDS.visaPaid.number);
    const attemptId = crypto.randomUUID();
    const first = await pay(token, {
      attemptId,
      method: "credit_card",
      cardToken: ct,
      installments: 1,
    });
    expect(first.status).toBe(201);
    const view = await json<View>(first);
    expect(view).toMatchObject({
      status: "paid",
      isFinal: true,
      cardBrand: "visa",
      cardLastFour: "1111",
    });
    const again = await pay(token, {
      attemptId,
      method: "credit_card",
      cardToken: ct,
      installments: 1,
    });
    expect(again.status).toBe(200);
    expect((await json<View>(again)).ref).toBe(view.ref);
    expect(env.sandbox.ctx.store.payments.size).toBe(1);
  });

  it("20 concurrent submits of one attempt make exactly one upstream payment", async () => {
    const { token } = await freshCheckout(env);
    const ct = await cardToken(token, SANDBOX_CARDS.mastercardPaid.number);
    const attemptId = crypto.randomUUID();
    const body = { attemptId, method: "credit_card", cardToken: ct, installments: 2 };
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(token, body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const refs = new Set(await Promise.all(responses.map(async (r) => (await json<View>(r)).ref)));
    expect(refs.size).toBe(1);
    expect(env.sandbox.ctx.store.payments.size).toBe(1);
  });

  it("a refused card is final, with a pt-BR explanation", async () => {
    const { token } = await freshCheckout(env);
    const ct = await cardToken(token, SANDBOX_CARDS.refusedByOperator.number);
    const res = await pay(token, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: ct,
      installments: 1,
    });
    const view = await json<View>(res);
    expect(view).toMatchObject({ status: "refused", isFinal: true });
    expect(view.failureMessage).toMatch(/recusado/);
  });

  it("a withheld answer (client timeout) is a pending payment, resolved later through the status query", async () => {
    const { token } = await freshCheckout(env);
    const ct = await cardToken(token, SANDBOX_CARDS.timeout.number);
    const started = performance.now();
    const res = await pay(token, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: ct,
      installments: 1,
    });
    expect(performance.now() - started).toBeLessThan(WITHHELD_MS);
    expect(res.status).toBe(201);
    const pending = await json<View>(res);
    expect(pending).toMatchObject({ status: "pending", isFinal: false });
    expect(env.sandbox.ctx.store.payments.size).toBe(1); // the charge went through upstream

    await new Promise((r) => setTimeout(r, WITHHELD_MS + 300));
    // No webhook receiver here: the status page's poll once a poll may learn something (30 s on).
    const { reconcilePayment } = await import("@/lib/payments/reconcile");
    const { db } = await import("@/lib/db/client");
    await reconcilePayment(
      (await db.payment.findUniqueOrThrow({ where: { publicRef: pending.ref } })).id,
      new Date(Date.now() + 35_000),
    );
    const later = await json<View>(await readPayment(pending.ref));
    expect(later).toMatchObject({ ref: pending.ref, status: "paid", isFinal: true });
    expect(later.timeline.map((t) => t.status)).toEqual(["pending", "paid"]);
  });
});

describe("PIX", () => {
  it("answers awaiting_payment with the copy-and-paste code; a second attempt meanwhile is refused in pt-BR", async () => {
    const { token } = await freshCheckout(env);
    const res = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(res.status).toBe(201);
    const view = await json<View>(res);
    expect(view).toMatchObject({ status: "awaiting_payment", isFinal: false });
    expect(view.pix?.qrCode).toMatch(/^000201/);

    const second = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(second.status).toBe(409);
    expect(await json(second)).toMatchObject({ error: { code: "PAYMENT_IN_PROGRESS" } });
  });
});
