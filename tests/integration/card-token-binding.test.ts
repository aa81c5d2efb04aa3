import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import {
  cardToken,
  CUSTOMER,
  json,
  pay,
  resetSandbox,
  syncLookup,
} from "../support/storefront-flow";
import { apiRequest } from "../support/upstream-helpers";

// A card token pays only the checkout it was made for: a token made on checkout A spent on checkout
// B would dodge B's per-checkout card-attempt limit (card testing spread over links). What we keep
// of a token lives in the database (any instance may take the payment), under the token's hash.

let env: TestEnvironment;
let db: typeof import("@/lib/db/client").db;
const checkouts: string[] = [];

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "1000",
      LOG_LEVEL: "error",
    },
  });
  ({ db } = await import("@/lib/db/client"));
  await resetSandbox(env);
  const { lookupId, view } = await syncLookup();
  const { POST } = await import("@/app/api/checkouts/route");
  // Two checkouts of one lookup, one debt each (a debt that needs others along answers 422: skip it).
  for (const debt of view.debts) {
    const res = await POST(
      apiRequest("/api/checkouts", {
        body: { lookupId, debtIds: [debt.id], customer: CUSTOMER, kind: "owner" },
      }),
    );
    if (res.status === 201) checkouts.push((await json<{ token: string }>(res)).token);
    if (checkouts.length === 2) break;
  }
  expect(checkouts).toHaveLength(2);
});
afterAll(() => env.close());

const payments = () => env.sandbox.ctx.store.payments.size;

describe("card token binding", () => {
  it("refuses checkout A's token on checkout B (422 CARD_TOKEN_MISMATCH, no upstream payment), then pays A with it", async () => {
    const [a, b] = checkouts as [string, string];
    const tokenOfA = await cardToken(a);
    const before = payments();
    const onB = await pay(b, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: tokenOfA,
      installments: 1,
    });
    expect(onB.status).toBe(422);
    expect((await json<{ error: { code: string; message: string } }>(onB)).error).toMatchObject({
      code: "CARD_TOKEN_MISMATCH",
      message: expect.stringMatching(/cartão/),
    });
    expect(payments()).toBe(before);
    expect(await db.payment.count({ where: { checkout: { publicToken: b } } })).toBe(0);

    const onA = await pay(a, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: tokenOfA,
      installments: 1,
    });
    expect(onA.status).toBe(201);
    expect(await json(onA)).toMatchObject({ cardBrand: "visa", cardLastFour: "1111" });
  });

  it("refuses a token we never issued, and an expired one, before any upstream call", async () => {
    const [, b] = checkouts as [string, string];
    const before = payments();
    const unknown = await pay(b, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: "tok_made_up_by_a_stranger",
      installments: 1,
    });
    expect(unknown.status).toBe(422);
    expect((await json<{ error: { code: string } }>(unknown)).error.code).toBe(
      "CARD_TOKEN_INVALID",
    );

    const tokenOfB = await cardToken(b);
    const tokenHash = createHash("sha256").update(tokenOfB).digest("hex");
    await db.cardToken.update({
      where: { tokenHash },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await pay(b, {
      attemptId: crypto.randomUUID(),
      method: "credit_card",
      cardToken: tokenOfB,
      installments: 1,
    });
    expect(expired.status).toBe(422);
    expect((await json<{ error: { code: string } }>(expired)).error.code).toBe(
      "CARD_TOKEN_INVALID",
    );
    expect(payments()).toBe(before);
  });

  it("stores brand, last four, checkout and expiry under the token's hash: never the token, number or CVV", async () => {
    const [, b] = checkouts as [string, string];
    const token = await cardToken(b);
    const rows = await db.cardToken.findMany();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(SANDBOX_CARDS.visaPaid.number);
    const row = rows.find((r) => r.tokenHash === createHash("sha256").update(token).digest("hex"));
    expect(row).toMatchObject({ brand: "visa", lastFour: "1111", expiresAt: expect.any(Date) });
    const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: b } });
    expect(row?.checkoutId).toBe(checkout.id);
  });

  it("purges expired rows", async () => {
    const { purgeExpiredCardTokens } = await import("@/lib/checkouts/card-tokens");
    await db.cardToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await purgeExpiredCardTokens()).toBeGreaterThan(0);
    expect(await db.cardToken.count()).toBe(0);
  });
});
