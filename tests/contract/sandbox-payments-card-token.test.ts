// Contract: POST /uvvi/v1/card-token and POST /uvvi/v1/installments over real HTTP.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { startHarness, type Harness, type Reply } from "@/tests/support/sandbox-payments-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const tokenBody = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: SANDBOX_CARDS.visaPaid.number,
  cvv: "123",
  ...SANDBOX_CARD_DEFAULTS,
  ...overrides,
});

function expectShapeB(body: Reply["body"], code: string) {
  expect(body.success).toBe(false);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(typeof body.error.details).toBe("object");
}

describe("card tokenization", () => {
  test.each(Object.entries(SANDBOX_CARDS))(
    "%s: brand, last four digits, expiry, opaque token",
    async (_name, card) => {
      const before = Date.now();
      const r = await h.post(
        "/uvvi/v1/card-token",
        tokenBody({ cardNumber: card.number, cvv: card.cvv }),
      );
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(Object.keys(r.body.data).sort()).toEqual([
        "brand",
        "expiresAt",
        "lastFourDigits",
        "token",
      ]);
      expect(r.body.data.brand).toBe(card.brand);
      expect(r.body.data.lastFourDigits).toBe(card.number.slice(-4));
      expect(r.body.data.token).not.toContain(card.number);
      expect(r.body.data.token).not.toContain(card.number.slice(0, 6));
      // 15 minutes under timeScale 1/600 = 1.5 s after the server's "now"
      const expiresAt = Date.parse(r.body.data.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + 1_500);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 1_500);
      expect(r.body.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    },
  );

  test("two tokenizations of one card give different tokens", async () => {
    const a = await h.post("/uvvi/v1/card-token", tokenBody());
    const b = await h.post("/uvvi/v1/card-token", tokenBody());
    expect(a.body.data.token).not.toBe(b.body.data.token);
  });

  test("MM/YY and the current month are accepted", async () => {
    const now = new Date();
    const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
    const yy = String(now.getUTCFullYear()).slice(2);
    expect(
      (await h.post("/uvvi/v1/card-token", tokenBody({ expirationDate: `${mm}/${yy}` }))).status,
    ).toBe(200);
    expect(
      (
        await h.post(
          "/uvvi/v1/card-token",
          tokenBody({ expirationDate: `${mm}/${now.getUTCFullYear()}` }),
        )
      ).status,
    ).toBe(200);
  });

  test.each([
    ["Luhn check digit", { cardNumber: "4111111111111112" }, "cardNumber", "luhn"],
    [
      "wrong length for the brand (15-digit Mastercard)",
      { cardNumber: "510000000000003" },
      "cardNumber",
      "length",
    ],
    ["month 13", { expirationDate: "13/2040" }, "expirationDate", "format"],
    [
      "Amex with a 3-digit CVV",
      { cardNumber: SANDBOX_CARDS.amexPaid.number, cvv: "123" },
      "cvv",
      "length",
    ],
    ["Visa with a 4-digit CVV", { cvv: "1234" }, "cvv", "length"],
  ])("400 %s", async (_name, overrides, field, reason) => {
    const r = await h.post("/uvvi/v1/card-token", tokenBody(overrides));
    expect(r.status).toBe(400);
    expectShapeB(r.body, "VALIDATION_ERROR");
    expect(Object.keys(r.body.error.details.fields)).toEqual([field]);
    expect(r.body.error.details.reason).toBe(reason);
  });

  test.each([
    ["spaces in the number", { cardNumber: "4111 1111 1111 1111" }, "cardNumber"],
    ["too short", { cardNumber: "411111111111" }, "cardNumber"],
    ["missing cardholderName", { cardholderName: undefined }, "cardholderName"],
    ["date as MM-YYYY", { expirationDate: "12-2040" }, "expirationDate"],
    ["CVV with letters", { cvv: "12a" }, "cvv"],
  ])("400 malformed field: %s", async (_name, overrides, field) => {
    const r = await h.post("/uvvi/v1/card-token", tokenBody(overrides));
    expect(r.status).toBe(400);
    expectShapeB(r.body, "VALIDATION_ERROR");
    expect(r.body.error.details.fields[field]).toBeTypeOf("string");
  });

  test("422 for an expired card and for an unaccepted brand", async () => {
    const expired = await h.post("/uvvi/v1/card-token", tokenBody({ expirationDate: "01/2020" }));
    expect(expired.status).toBe(422);
    expectShapeB(expired.body, "VALIDATION_ERROR");
    expect(expired.body.error.details.reason).toBe("expired");
    const discover = await h.post(
      "/uvvi/v1/card-token",
      tokenBody({ cardNumber: "6011111111111117" }),
    );
    expect(discover.status).toBe(422);
    expect(discover.body.error.details.reason).toBe("unsupported_brand");
  });

  test("401 without a key (auth before validation)", async () => {
    const r = await h.post("/uvvi/v1/card-token", tokenBody(), "");
    expect(r.status).toBe(401);
  });
});

type Option = {
  number: number;
  installmentAmount: number;
  totalAmount: number;
  interestRate: number;
  interestAmount: number;
};
const cents = (reais: number) => Math.round(reais * 100);

describe("installment simulation", () => {
  test("R$ 100.00: twelve options, documented example", async () => {
    const r = await h.post("/uvvi/v1/installments", { amount: 100, paymentMethod: "credit_card" });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.amount).toBe(100);
    expect(r.body.installments).toHaveLength(12);
    expect(r.body.installments[0]).toEqual({
      number: 1,
      installmentAmount: 102.99,
      totalAmount: 102.99,
      interestRate: 2.99,
      interestAmount: 2.99,
    });
    expect(r.body.installments[1]).toEqual({
      number: 2,
      installmentAmount: 53.04,
      totalAmount: 106.08,
      interestRate: 6.08,
      interestAmount: 6.08,
    });
  });

  test.each([
    [4.99, 0],
    [5, 1],
    [9.99, 1],
    [10, 2],
    [59.99, 11],
    [60, 12],
    [2104.88, 12],
  ])("R$ %s -> %i options", async (amount, count) => {
    const r = await h.post("/uvvi/v1/installments", { amount, paymentMethod: "credit_card" });
    expect(r.status).toBe(200);
    expect(r.body.installments).toHaveLength(count);
  });

  test("rules 1-4 for many amounts over HTTP (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000_00 }), async (amountCents) => {
        const amount = amountCents / 100;
        const r = await h.post("/uvvi/v1/installments", { amount, paymentMethod: "credit_card" });
        expect(r.status).toBe(200);
        const options = r.body.installments as Option[];
        // rule 3: count == min(12, floor(amount / 5.00)); rule 1: ascending from 1
        expect(options.map((o) => o.number)).toEqual(
          Array.from({ length: Math.min(12, Math.floor(amountCents / 500)) }, (_, i) => i + 1),
        );
        let previousTotal = amountCents;
        let previousRate = 0;
        for (const o of options) {
          expect(cents(o.installmentAmount)).toBeGreaterThanOrEqual(500); // rule 2
          expect(cents(o.totalAmount)).toBe(cents(o.installmentAmount) * o.number);
          expect(cents(o.interestAmount)).toBe(cents(o.totalAmount) - amountCents);
          expect(cents(o.totalAmount)).toBeGreaterThan(previousTotal); // rule 4: 1x has interest, and it rises
          expect(o.interestRate).toBeGreaterThan(previousRate);
          expect(o.interestRate).toBeCloseTo((cents(o.interestAmount) / amountCents) * 100, 2);
          previousTotal = cents(o.totalAmount);
          previousRate = o.interestRate;
        }
      }),
      { numRuns: 150 },
    );
  });

  test.each([
    ["zero amount", { amount: 0, paymentMethod: "credit_card" }, "amount"],
    ["negative amount", { amount: -10, paymentMethod: "credit_card" }, "amount"],
    ["amount as a string", { amount: "100", paymentMethod: "credit_card" }, "amount"],
    ["three decimals", { amount: 10.005, paymentMethod: "credit_card" }, "amount"],
    ["pix", { amount: 100, paymentMethod: "pix" }, "paymentMethod"],
    ["missing method", { amount: 100 }, "paymentMethod"],
  ])("400 %s (rule 5)", async (_name, body, field) => {
    const r = await h.post("/uvvi/v1/installments", body);
    expect(r.status).toBe(400);
    expectShapeB(r.body, "VALIDATION_ERROR");
    expect(r.body.error.details.fields[field]).toBeTypeOf("string");
  });
});
