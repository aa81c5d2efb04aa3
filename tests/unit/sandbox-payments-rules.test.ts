import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  cvvValidFor,
  detectBrand,
  isExpired,
  luhnValid,
  parseExpiry,
} from "@/lib/sandbox/payments/card-checks";
import { SANDBOX_CARDS, scenarioForCard } from "@/lib/sandbox/payments/cards-catalog";
import {
  installmentOptions,
  maxInstallments,
  oneTimeTotalCents,
  pixTotalCents,
} from "@/lib/sandbox/payments/interest";
import { toCents } from "@/lib/sandbox/payments/money";

describe("card checks", () => {
  test("every catalog card is Luhn-valid and detected as its brand", () => {
    for (const card of Object.values(SANDBOX_CARDS)) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(detectBrand(card.number), card.number).toBe(card.brand);
      expect(cvvValidFor(card.brand, card.cvv)).toBe(true);
    }
  });

  test.each([
    ["4011780000000000", "elo"],
    ["4389350000000000", "elo"],
    ["4514160000000000", "elo"],
    ["4576320000000000", "elo"],
    ["5066990000000000", "elo"],
    ["5067780000000000", "elo"],
    ["5095000000000000", "elo"],
    ["6277800000000000", "elo"],
    ["6363680000000000", "elo"],
    ["6500350000000000", "elo"],
    ["6504850000000000", "elo"],
    ["6516790000000000", "elo"],
    ["6550580000000000", "elo"],
    ["6062820000000000", "hipercard"],
    ["3841000000000000", "hipercard"],
    ["3841400000000000", "hipercard"],
    ["3841600000000000", "hipercard"],
    ["4011770000000000", "visa"], // next to an Elo BIN, still Visa
    ["5067790000000000", null], // just past the 506699-506778 Elo range
    ["5100000000000000", "mastercard"],
    ["2720990000000000", "mastercard"],
    ["2721000000000000", null],
    ["340000000000000", "amex"],
    ["370000000000000", "amex"],
    ["6011000000000000", null], // Discover is not accepted
    ["6500340000000000", null], // the gap in the 650031-650051 Elo ranges
  ])("BIN of %s -> %s", (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  test("expiry: MM/YY and MM/YYYY, valid through the end of the month", () => {
    expect(parseExpiry("07/29")).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry("07/2029")).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry("13/2029")).toBeNull();
    expect(parseExpiry("7/2029")).toBeNull();
    const now = new Date("2030-05-31T23:00:00Z");
    expect(isExpired({ month: 5, year: 2030 }, now)).toBe(false);
    expect(isExpired({ month: 4, year: 2030 }, now)).toBe(true);
    expect(isExpired({ month: 12, year: 2029 }, now)).toBe(true);
  });

  test("CVV: Amex 4 digits, others 3", () => {
    expect(cvvValidFor("amex", "1234")).toBe(true);
    expect(cvvValidFor("amex", "123")).toBe(false);
    expect(cvvValidFor("visa", "1234")).toBe(false);
  });

  test("an unlisted card behaves as paid", () => {
    expect(scenarioForCard("4012888888881881")).toBe("paid");
    expect(scenarioForCard(SANDBOX_CARDS.timeout.number)).toBe("timeout");
  });
});

describe("interest model", () => {
  test("worked example of the docs: R$ 100.00", () => {
    const options = installmentOptions(10_000);
    expect(options[0]).toEqual({
      number: 1,
      installmentCents: 10_299,
      totalCents: 10_299,
      interestCents: 299,
      interestRate: 2.99,
    });
    expect(options[1]).toEqual({
      number: 2,
      installmentCents: 5_304,
      totalCents: 10_608,
      interestCents: 608,
      interestRate: 6.08,
    });
    expect(options[11]).toEqual({
      number: 12,
      installmentCents: 974,
      totalCents: 11_688,
      interestCents: 1_688,
      interestRate: 16.88,
    });
  });

  test("rules 1-4 for every amount (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (amount) => {
        const options = installmentOptions(amount);
        expect(options.length).toBe(Math.min(12, Math.floor(amount / 500)));
        expect(options.length).toBe(maxInstallments(amount));
        let previous = amount;
        options.forEach((o, i) => {
          expect(o.number).toBe(i + 1);
          expect(o.installmentCents).toBeGreaterThanOrEqual(500);
          expect(o.totalCents).toBe(o.installmentCents * o.number);
          expect(o.interestCents).toBe(o.totalCents - amount);
          expect(o.totalCents).toBeGreaterThan(previous); // 1x has interest, and totals rise
          previous = o.totalCents;
        });
        expect(pixTotalCents(amount)).toBe(oneTimeTotalCents(amount));
        if (options[0]) expect(pixTotalCents(amount)).toBe(options[0].totalCents);
      }),
      { numRuns: 3_000 },
    );
  });

  test("money: reais to cents refuses a third decimal", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1843.27)).toBe(184_327);
    expect(toCents(10.005)).toBeNull();
  });
});
