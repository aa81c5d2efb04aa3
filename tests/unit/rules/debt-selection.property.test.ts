import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blockedReasons,
  type DebtForSelection,
  dependencyClosure,
  select,
  unselect,
  validateSelection,
} from "@/lib/rules/debt-selection";
import { presetAll, presetFinesOnly, presetLicensing } from "@/lib/rules/debt-presets";

// Random debt graphs over ids d0..d7: dependsOn and distinct among known ids (cycles allowed).
const catalogArb: fc.Arbitrary<DebtForSelection[]> = fc.integer({ min: 1, max: 8 }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => `d${i}`);
  const debtArb = (id: string) =>
    fc.record({
      id: fc.constant(id),
      title: fc.constant(`Débito ${id}`),
      amountCents: fc.integer({ min: 1, max: 500_000 }),
      type: fc.constantFrom("ticket", "ipva", "licensing", "service") as fc.Arbitrary<
        DebtForSelection["type"]
      >,
      year: fc.constant(null),
      required: fc.boolean(),
      dependsOn: fc.subarray(
        ids.filter((other) => other !== id),
        { maxLength: Math.min(2, n - 1) },
      ),
      distinct: fc.subarray(
        ids.filter((other) => other !== id),
        { maxLength: Math.min(2, n - 1) },
      ),
    });
  return fc.tuple(...ids.map(debtArb));
});

const opsArb = fc.array(fc.tuple(fc.boolean(), fc.nat(7)), { maxLength: 15 });

function run(debts: DebtForSelection[], ops: Array<[boolean, number]>): string[] {
  let selection: string[] = [];
  for (const [add, n] of ops) {
    const id = debts[n % debts.length]!.id;
    selection = add
      ? select(selection, id, debts).selection
      : unselect(selection, id, debts).selection;
  }
  return selection;
}

describe("debt selection properties", () => {
  it("closure contains its input, is closed under dependsOn and idempotent", () => {
    fc.assert(
      fc.property(catalogArb, fc.array(fc.nat(7), { maxLength: 4 }), (debts, picks) => {
        const input = picks.map((n) => debts[n % debts.length]!.id);
        const closure = dependencyClosure(input, debts).ids;
        for (const id of input) expect(closure).toContain(id);
        for (const id of closure) {
          for (const dep of debts.find((d) => d.id === id)!.dependsOn)
            expect(closure).toContain(dep);
        }
        expect(dependencyClosure(closure, debts).ids).toEqual(closure);
      }),
    );
  });

  it("any sequence of select/unselect leaves a selection the server accepts", () => {
    fc.assert(
      fc.property(catalogArb, opsArb, (debts, ops) => {
        expect(validateSelection(run(debts, ops), debts)).toEqual({ ok: true });
      }),
    );
  });

  it("select either adds the debt and keeps everything, or changes nothing", () => {
    fc.assert(
      fc.property(catalogArb, opsArb, fc.nat(7), (debts, ops, n) => {
        const before = run(debts, ops);
        const id = debts[n % debts.length]!.id;
        const result = select(before, id, debts);
        if (result.blocked) {
          expect(result.selection).toEqual(before);
        } else {
          expect(result.selection).toContain(id);
          for (const kept of before) expect(result.selection).toContain(kept);
          for (const added of result.addedAlongside) expect(before).not.toContain(added.id);
        }
        // The page's hints agree with what select will do.
        expect(blockedReasons(before, debts).has(id)).toBe(
          !before.includes(id) && result.blocked !== undefined,
        );
      }),
    );
  });

  it("unselect removes the debt and leaves no dangling dependency", () => {
    fc.assert(
      fc.property(catalogArb, opsArb, fc.nat(7), (debts, ops, n) => {
        const before = run(debts, ops);
        const id = debts[n % debts.length]!.id;
        const { selection, removedAlongside } = unselect(before, id, debts);
        expect(selection).not.toContain(id);
        for (const kept of selection) {
          for (const dep of debts.find((d) => d.id === kept)!.dependsOn)
            expect(selection).toContain(dep);
        }
        // Nothing is removed that did not have to be.
        expect(before.length - selection.length).toBe(
          before.includes(id) ? removedAlongside.length + 1 : 0,
        );
      }),
    );
  });

  it("every preset is a selection the server accepts", () => {
    fc.assert(
      fc.property(catalogArb, (debts) => {
        for (const preset of [presetAll, presetLicensing, presetFinesOnly]) {
          expect(validateSelection(preset(debts).selection, debts)).toEqual({ ok: true });
        }
      }),
    );
  });

  it("a preset's one-index pass answers exactly as the greedy over select() and dependencyClosure() it replaced", () => {
    // The presets as they were written before selectionPass (every step re-indexed the catalog).
    const reference = (
      candidates: readonly DebtForSelection[],
      debts: DebtForSelection[],
      preferred: ReadonlySet<string> = new Set(),
    ) => {
      const total = (id: string) =>
        dependencyClosure([id], debts).ids.reduce(
          (sum, dep) => sum + debts.find((d) => d.id === dep)!.amountCents,
          0,
        );
      const keyed = candidates.map((d) => ({
        id: d.id,
        preferred: preferred.has(d.id) ? 0 : 1,
        total: total(d.id),
        position: debts.indexOf(d),
      }));
      keyed.sort(
        (a, b) => a.preferred - b.preferred || a.total - b.total || a.position - b.position,
      );
      let selection: string[] = [];
      const leftOut = [];
      for (const { id } of keyed) {
        if (selection.includes(id)) continue;
        const result = select(selection, id, debts);
        if (result.blocked) leftOut.push(result.blocked);
        else selection = result.selection;
      }
      return { selection, leftOut };
    };
    fc.assert(
      fc.property(catalogArb, (debts) => {
        const needed = new Set(
          dependencyClosure(
            debts.filter((d) => d.required).map((d) => d.id),
            debts,
          ).ids,
        );
        expect(presetAll(debts)).toEqual(reference(debts, debts, needed));
        expect(presetLicensing(debts)).toEqual(
          reference(
            debts.filter((d) => d.required),
            debts,
          ),
        );
        expect(presetFinesOnly(debts)).toEqual(
          reference(
            debts.filter((d) => d.type === "ticket"),
            debts,
          ),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("presetAll is maximal: nothing left out could still be added", () => {
    fc.assert(
      fc.property(catalogArb, (debts) => {
        const { selection } = presetAll(debts);
        for (const debt of debts) {
          if (!selection.includes(debt.id))
            expect(select(selection, debt.id, debts).blocked).toBeDefined();
        }
      }),
    );
  });
});
