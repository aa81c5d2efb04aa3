import { describe, expect, it } from "vitest";
import { orderedIds } from "@/lib/db/bulk-sql";

// Rows written by one multi-row INSERT get ids that sort as the list they came in (pages list a
// lookup's debts by id), never collide, and never read as a card number to the secret scan.
describe("ids for rows inserted together", () => {
  it("sort, as text, in the order given, also after earlier ones", () => {
    const ids = orderedIds(2_000, 1_790_000_000_000);
    expect([...ids].sort()).toEqual(ids);
    const later = orderedIds(3, 1_790_000_000_001);
    expect(later.every((id) => id > ids.at(-1)!)).toBe(true);
  });

  it("are unique, even for many statements in the same millisecond", () => {
    const all = Array.from({ length: 500 }, () => orderedIds(20, 1_790_000_000_000)).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it("hold no run of 13 or more digits (what a card number scan looks for)", () => {
    const all = Array.from({ length: 2_000 }, (_, k) =>
      orderedIds(40, 1_790_000_000_000 + k),
    ).flat();
    expect(all.filter((id) => /\d{13,}/.test(id))).toEqual([]);
  });
});
