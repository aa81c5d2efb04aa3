import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { allPayments } from "@/lib/sandbox/payments/types";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { cardToken, freshCheckout, json, pay } from "../support/storefront-flow";

// Retry storms on the pay button: 50 concurrent submits of one attempt, and 50 concurrent
// attempts (each with its own attemptId, as 50 tabs would send) on one checkout. Counted where it
// matters: the payments the sandbox (the upstream) holds, and our Payment rows.

type View = { ref: string; status: string };
type ErrorBody = { error: { code: string; message: string } };

const N = 50;
let env: TestEnvironment;
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "100000",
      RATE_LIMIT_CARD_TOKENS: "100000",
      RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "100000",
      LOG_LEVEL: "silent",
    },
  });
  ({ db } = await import("@/lib/db/client"));
});
afterAll(() => env.close());

/** The storefront's answers to N concurrent different attempts, and what stayed behind. */
async function stormOfAttempts(token: string, bodies: Record<string, unknown>[]) {
  const responses = await Promise.all(bodies.map((body) => pay(token, body)));
  const answers = await Promise.all(
    responses.map(async (r) => ({ status: r.status, body: await json<View & ErrorBody>(r) })),
  );
  const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: token } });
  const upstream = allPayments(env.sandbox.ctx).filter(
    (p) => p.checkoutId === checkout.upstreamCheckoutId,
  );
  const rows = await db.payment.findMany({ where: { checkoutId: checkout.id } });
  return { answers, upstream, rows };
}

describe("payment retry storms", () => {
  it(`${N} concurrent submits of the same attempt: one upstream payment, one Payment row, one ref`, async () => {
    const { token } = await freshCheckout(env);
    const ct = await cardToken(token, SANDBOX_CARDS.visaPaid.number);
    const body = {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: ct,
      installments: 1,
    };
    const responses = await Promise.all(Array.from({ length: N }, () => pay(token, body)));
    expect(responses.map((r) => r.status).sort((a, b) => b - a)).toEqual([
      201,
      ...Array<number>(N - 1).fill(200),
    ]);
    const refs = new Set(await Promise.all(responses.map(async (r) => (await json<View>(r)).ref)));
    expect(refs.size).toBe(1);
    expect(env.sandbox.ctx.store.payments.size).toBe(1); // the sandbox was reset by freshCheckout
    const rows = await db.payment.findMany({ where: { checkout: { publicToken: token } } });
    expect(rows.map((r) => [r.publicRef, r.status])).toEqual([[[...refs][0], "paid"]]);
  });

  it(`${N} concurrent attempts (card, in analysis) with different attemptIds: one charge, the others a clear 409`, async () => {
    const { token } = await freshCheckout(env);
    const tokens = await Promise.all(
      Array.from({ length: N }, () => cardToken(token, SANDBOX_CARDS.analysisThenPaid.number)),
    );
    const { answers, upstream, rows } = await stormOfAttempts(
      token,
      tokens.map((ct) => ({
        attemptId: crypto.randomUUID(),
        method: "credit_card",
        cardToken: ct,
        installments: 1,
      })),
    );

    expect(upstream).toHaveLength(1);
    expect(rows).toHaveLength(1); // the refused attempts' rows are gone: nothing was charged for them
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body.ref).toBe(rows[0]!.publicRef);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(N - 1);
    // The analysis ends in 0.3 s (time scale 0.01): an attempt that arrives after it is told the
    // checkout is paid, equally clear. Which of the two each gets is timing (PostgreSQL runs the
    // requests more in parallel than SQLite's single writer), the charge count is not.
    for (const r of refused) {
      expect(r.status).toBe(409);
      if (r.body.error.code === "CHECKOUT_ALREADY_PAID")
        expect(r.body.error.message).toMatch(/já (foi concluído|foram pagos)/);
      else {
        expect(r.body.error.code).toBe("PAYMENT_IN_PROGRESS");
        expect(r.body.error.message).toMatch(/pagamento em andamento/);
      }
    }
    expect(refused.some((r) => r.body.error.code === "PAYMENT_IN_PROGRESS")).toBe(true);
  });

  it(`${N} concurrent attempts (card, paid at once): one charge, the others 409 (in progress or already paid)`, async () => {
    const { token } = await freshCheckout(env);
    const tokens = await Promise.all(
      Array.from({ length: N }, () => cardToken(token, SANDBOX_CARDS.visaPaid.number)),
    );
    const { answers, upstream, rows } = await stormOfAttempts(
      token,
      tokens.map((ct) => ({
        attemptId: crypto.randomUUID(),
        method: "credit_card",
        cardToken: ct,
        installments: 1,
      })),
    );
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.status).toBe("paid");
    expect(rows).toHaveLength(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const codes = new Set(
      answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error.code}`),
    );
    expect(
      [...codes].every((c) => c === "409 PAYMENT_IN_PROGRESS" || c === "409 CHECKOUT_ALREADY_PAID"),
      [...codes].join(),
    ).toBe(true);
  });

  it(`${N} concurrent PIX attempts with different attemptIds: one PIX code, the others 409`, async () => {
    const { token } = await freshCheckout(env);
    const { answers, upstream, rows } = await stormOfAttempts(
      token,
      Array.from({ length: N }, () => ({ attemptId: crypto.randomUUID(), method: "pix" })),
    );
    expect(upstream).toHaveLength(1);
    expect(rows).toHaveLength(1);
    expect(answers.filter((a) => a.status === 201).map((a) => a.body.status)).toEqual([
      "awaiting_payment",
    ]);
    expect(
      new Set(
        answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error.code}`),
      ),
    ).toEqual(new Set(["409 PAYMENT_IN_PROGRESS"]));
  });
});
