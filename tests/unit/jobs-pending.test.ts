import { describe, expect, it } from "vitest";
import { pendingSql, pendingWhere } from "@/lib/jobs/pending";

// A queue declares which rows are pending once; the claim and the release read that one
// declaration as Prisma (portable claim, release) and as SQL (one-statement claims).

describe("a queue's pending condition", () => {
  it("reads a null column, one value and a set of values the same way in Prisma and in SQL", () => {
    const pending = { outcome: null, type: "lookup", status: ["queued", "running"] } as const;
    expect(pendingWhere(pending)).toEqual({
      outcome: null,
      type: "lookup",
      status: { in: ["queued", "running"] },
    });
    expect(pendingSql(pending)).toBe(
      `"outcome" IS NULL AND "type" = 'lookup' AND "status" IN ('queued', 'running')`,
    );
  });

  it("quotes what it writes into SQL", () => {
    expect(pendingSql({ status: "it's" })).toBe(`"status" = 'it''s'`);
  });

  it("refuses an empty condition (it would claim every row)", () => {
    expect(() => pendingSql({})).toThrow(/at least one column/);
  });
});
