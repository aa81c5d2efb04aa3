import { describe, expect, it } from "vitest";
import { matchesFilter } from "@/lib/rules/row-filter";

// The retention rules are Prisma filters evaluated in memory too: the evaluator must read them as
// the database does (SQL's null comparisons included), or the pure check and the query disagree.

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("a row filter evaluated in memory", () => {
  it("compares values, dates and null as SQL does", () => {
    const row = { status: "paid", paidAt: null, updatedAt: d("2026-01-10") };
    expect(matchesFilter(row, { status: "paid", paidAt: null })).toBe(true);
    expect(matchesFilter(row, { paidAt: { gte: d("2020-01-01") } })).toBe(false); // null: false
    expect(matchesFilter(row, { paidAt: { not: null } })).toBe(false);
    expect(matchesFilter(row, { updatedAt: { lt: d("2026-01-11") } })).toBe(true);
    expect(matchesFilter(row, { updatedAt: { lt: d("2026-01-10") } })).toBe(false);
    expect(matchesFilter(row, { updatedAt: d("2026-01-10") })).toBe(true);
    expect(matchesFilter(row, { status: { in: ["sent", "paid"] } })).toBe(true);
    expect(matchesFilter(row, { status: { notIn: ["refused", "paid"] } })).toBe(false);
  });

  it("reads AND, OR, NOT and a relation's some / none / every", () => {
    const row = {
      createdAt: d("2026-01-01"),
      payments: [{ status: "refused" }, { status: "paid" }],
    };
    expect(matchesFilter(row, { payments: { some: { status: "paid" } } })).toBe(true);
    expect(matchesFilter(row, { payments: { none: { status: "pending" } } })).toBe(true);
    expect(matchesFilter(row, { payments: { every: { status: "paid" } } })).toBe(false);
    expect(
      matchesFilter(row, {
        OR: [{ createdAt: { gte: d("2027-01-01") } }, { payments: { some: { status: "paid" } } }],
      }),
    ).toBe(true);
    expect(matchesFilter(row, { AND: [{ NOT: { createdAt: { lt: d("2026-06-01") } } }] })).toBe(
      false,
    );
  });

  it("refuses a filter on a column the facts do not carry, instead of guessing", () => {
    expect(() => matchesFilter({ status: "paid" }, { paidAt: null })).toThrow(/no "paidAt"/);
  });
});
