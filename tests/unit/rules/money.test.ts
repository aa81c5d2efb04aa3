import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsToReais,
  formatBRL,
  formatDateBR,
  formatDateTimeBR,
  reaisToCents,
  sumCents,
} from "@/lib/rules/money";

// Intl puts a no-break space after R$; formatBRL guarantees U+00A0 there.
const nbsp = (s: string) => s.replace(/ /g, "\u00a0");

describe("reaisToCents", () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.015, 102],
    [1.004, 100],
    [2.675, 268],
    [1234.56, 123456],
    [0.07, 7],
    [-1.005, -101],
    [-0.004, 0],
    [1e-7, 0],
    [19.99, 1999],
  ])("%d reais -> %d cents", (reais, cents) => {
    expect(reaisToCents(reais)).toBe(cents);
  });

  it("never returns -0", () => {
    expect(Object.is(reaisToCents(-0.001), 0)).toBe(true);
    expect(Object.is(reaisToCents(-0), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity, 1e21, 9e15])("rejects %d", (bad) => {
    expect(() => reaisToCents(bad)).toThrow(RangeError);
  });

  it("round-trips every cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(reaisToCents(centsToReais(cents))).toBe(cents);
      }),
    );
  });

  it("rounds the third decimal half away from zero", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 999 }),
        (whole, milli) => {
          const reais = Number(`${whole}.${String(milli).padStart(3, "0")}`);
          const expected = whole * 100 + Math.floor(milli / 10) + (milli % 10 >= 5 ? 1 : 0);
          expect(reaisToCents(reais)).toBe(expected);
          expect(reaisToCents(-reais)).toBe(expected === 0 ? 0 : -expected);
        },
      ),
    );
  });
});

describe("centsToReais and sumCents", () => {
  it("refuses fractional cents", () => {
    expect(() => centsToReais(1.5)).toThrow(RangeError);
    expect(() => sumCents([1, 2.5])).toThrow(RangeError);
  });

  it("sums exactly where floats would not", () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(centsToReais(sumCents([reaisToCents(0.1), reaisToCents(0.2)]))).toBe(0.3);
    expect(sumCents([])).toBe(0);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe("formatBRL", () => {
  it.each([
    [123456, "R$ 1.234,56"],
    [0, "R$ 0,00"],
    [5, "R$ 0,05"],
    [100000000, "R$ 1.000.000,00"],
  ])("%d cents -> %s", (cents, text) => {
    expect(formatBRL(cents)).toBe(nbsp(text));
  });

  it("keeps the sign for refunds and discounts", () => {
    expect(formatBRL(-150)).toMatch(/^-\s?R\$\u00a01,50$/);
  });

  it("prints what Intl.NumberFormat('pt-BR', BRL) prints, on any amount", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    const viaIntl = (cents: number) => intl.format(cents / 100).replace(/R\$\s*/u, "R$\u00a0");
    for (const cents of [0, 1, 99, 100, 99_999, 100_000, 123_456_789, -1, -100_000])
      expect(formatBRL(cents)).toBe(viaIntl(cents));
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatBRL(cents)).toBe(viaIntl(cents));
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses what is not a whole number of cents", () => {
    expect(() => formatBRL(1.5)).toThrow(RangeError);
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
  });
});

describe("dates", () => {
  it("prints São Paulo's calendar day", () => {
    expect(formatDateBR("2026-11-21T12:00:00Z")).toBe("21/11/2026");
    // 01:00 UTC on the 22nd is still the 21st in São Paulo.
    expect(formatDateBR("2026-11-22T01:00:00Z")).toBe("21/11/2026");
    expect(formatDateBR(new Date("2026-01-01T02:59:59Z"))).toBe("31/12/2025");
  });

  it("prints a date-only string as that calendar day", () => {
    expect(formatDateBR("2026-11-21")).toBe("21/11/2026");
  });

  it("prints date and time", () => {
    expect(formatDateTimeBR("2026-11-21T17:05:00Z")).toBe("21/11/2026 às 14:05");
    expect(formatDateTimeBR("2026-11-21T03:00:00Z")).toBe("21/11/2026 às 00:00");
  });

  it("returns null for text that is not a date", () => {
    expect(formatDateBR("amanhã")).toBeNull();
    expect(formatDateTimeBR("")).toBeNull();
  });
});
