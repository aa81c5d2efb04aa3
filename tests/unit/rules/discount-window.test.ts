import { describe, expect, it } from "vitest";
import { amountWindow, daysUntil, lastDayText } from "@/lib/rules/discount-window";

// Due at noon in São Paulo (15:00Z), as the sandbox and the authorities quote them.
const due = "2026-12-10T15:00:00.000Z";
const sp = (local: string) => new Date(`${local}-03:00`);
const discounted = { hasDiscount: true, isExpired: false, dueDate: due, expirationDate: due };

describe("days until a due date, on São Paulo's calendar", () => {
  it("counts calendar days, not 24-hour periods, in São Paulo", () => {
    expect(daysUntil(due, sp("2026-12-10T23:59:00"))).toBe(0);
    expect(daysUntil(due, sp("2026-12-09T23:59:00"))).toBe(1);
    // 00:30 on the 11th in São Paulo is still the 11th there even though it is 03:30Z.
    expect(daysUntil(due, sp("2026-12-11T00:30:00"))).toBe(-1);
    expect(daysUntil("nope", sp("2026-12-01T10:00:00"))).toBeNull();
  });
});

describe("a last day in words", () => {
  it("is 'hoje' on that São Paulo calendar day (an instant or a day), the date on any other", () => {
    expect(lastDayText(due, sp("2026-12-10T00:00:00"))).toBe("hoje");
    expect(lastDayText(due, sp("2026-12-10T23:59:00"))).toBe("hoje");
    // 23:59 on the 9th in São Paulo is already the 10th in UTC: not yet.
    expect(lastDayText(due, new Date("2026-12-10T02:59:00Z"))).toBe("10/12/2026");
    expect(lastDayText(due, sp("2026-12-11T00:30:00"))).toBe("10/12/2026");
    expect(lastDayText(due, "2026-12-10")).toBe("hoje");
    expect(lastDayText(due, "2026-12-09")).toBe("10/12/2026");
    expect(lastDayText(due, null)).toBe("10/12/2026");
    expect(lastDayText("nope", "2026-12-10")).toBeNull();
  });
});

describe("until when a discounted amount holds", () => {
  it("says nothing for a debt without a discount", () => {
    expect(
      amountWindow({ ...discounted, hasDiscount: false }, sp("2026-12-01T10:00:00")),
    ).toBeNull();
  });

  it("names the last day of the discount and that the amount changes after it", () => {
    expect(amountWindow(discounted, sp("2026-12-01T10:00:00"))).toEqual({
      tone: "info",
      text: "Valor com desconto até 10/12/2026. Depois dessa data o valor muda: o desconto deixa de valer.",
    });
  });

  it("says until when the amount with interest holds when expirationDate is later than dueDate", () => {
    const w = amountWindow(
      { ...discounted, expirationDate: "2026-12-31T15:00:00.000Z" },
      sp("2026-12-01T10:00:00"),
    );
    expect(w?.text).toMatch(/o desconto deixa de valer \(até 31\/12\/2026, com juros e multa\)\.$/);
  });

  it("warns within 3 days of the end, with today and tomorrow in words", () => {
    expect(amountWindow(discounted, sp("2026-12-06T10:00:00"))?.tone).toBe("info");
    expect(amountWindow(discounted, sp("2026-12-07T10:00:00"))).toEqual({
      tone: "warning",
      text: expect.stringMatching(/^O desconto acaba em 3 dias \(10\/12\/2026\)\./),
    });
    expect(amountWindow(discounted, sp("2026-12-09T10:00:00"))?.text).toMatch(
      /^O desconto acaba amanhã/,
    );
    expect(amountWindow(discounted, sp("2026-12-10T23:00:00"))?.text).toMatch(
      /^O desconto acaba hoje/,
    );
  });

  it("once past, says the amount may have changed and to look it up again", () => {
    const w = amountWindow(discounted, sp("2026-12-11T08:00:00"));
    expect(w?.tone).toBe("warning");
    expect(w?.text).toMatch(/^O prazo do desconto terminou em 10\/12\/2026/);
    expect(w?.text).toMatch(/Consulte de novo/);
  });

  it("without the browser's clock, says only the date-based part (no warning that could disagree after hydration)", () => {
    expect(amountWindow(discounted, null)?.tone).toBe("info");
  });

  it("falls back to expirationDate, and admits when the authority gave no date", () => {
    expect(
      amountWindow(
        { hasDiscount: true, isExpired: false, expirationDate: due },
        sp("2026-12-01T10:00:00"),
      )?.text,
    ).toMatch(/até 10\/12\/2026/);
    expect(amountWindow({ hasDiscount: true, isExpired: false }, null)?.text).toBe(
      "Valor com desconto. O órgão não informou até quando o desconto vale.",
    );
  });
});
