import { describe, expect, it } from "vitest";
import { SEALED_FIELDS } from "@/lib/db/sealed-fields";
import { SEALED_RETENTION } from "@/lib/personal-data/sealed-retention";

// A sealed column is personal data (lib/db/sealed-fields.ts): each must end somewhere. A column
// sealed without a retention rule, or a rule's erasure that forgets one of its table's sealed
// columns, would keep a person's data for ever without anyone noticing.

describe("every sealed column has a retention rule", () => {
  it("names how each table with sealed columns ends, and no other table", () => {
    expect(Object.keys(SEALED_RETENTION).sort()).toEqual(Object.keys(SEALED_FIELDS).sort());
  });

  it.each(Object.entries(SEALED_FIELDS))(
    "%s: its rule reaches every sealed column",
    (model, columns) => {
      const ending = SEALED_RETENTION[model];
      expect(ending, model).toBeDefined();
      if (!ending) return;
      if ("erased" in ending) {
        expect(ending.rules.length, model).toBeGreaterThan(0);
        const erased = ending.erased(new Date());
        for (const column of columns)
          expect([erased[column], `${model}.${column}`]).toEqual([
            expect.stringMatching(/^(|\{\})$/),
            `${model}.${column}`,
          ]);
        expect(erased).toHaveProperty("personalDataErasedAt");
      } else if ("deleted" in ending) {
        expect(ending.deleted.length, model).toBeGreaterThan(0);
      } else {
        const why = "deletedBy" in ending ? ending.deletedBy : ending.kept;
        expect(why.trim(), model).not.toBe("");
      }
    },
  );
});
