import { describe, expect, it } from "vitest";
import {
  blockedReasons,
  conflicts,
  debtIdsFromParam,
  dependencyClosure,
  select,
  toSelectable,
  unselect,
  validateSelection,
  whyBlocked,
} from "@/lib/rules/debt-selection";
import { IDS, makeDebt, spCatalog } from "../support/debt-factory";

const debts = spCatalog();

describe("dependencyClosure", () => {
  it("follows dependsOn transitively", () => {
    expect(dependencyClosure([IDS.fee], debts)).toEqual({
      ids: [IDS.ipvaCota, IDS.licensing, IDS.fee],
      unknown: [],
    });
  });

  it("is cycle-safe", () => {
    const a = makeDebt({ id: "a", dependsOn: ["b"] });
    const b = makeDebt({ id: "b", dependsOn: ["c"] });
    const c = makeDebt({ id: "c", dependsOn: ["a"] });
    expect(dependencyClosure(["a"], [a, b, c]).ids).toEqual(["a", "b", "c"]);
  });

  it("reports unknown ids, given or depended on, without including them", () => {
    const a = makeDebt({ id: "a", dependsOn: ["ghost"] });
    expect(dependencyClosure(["a", "nope", "nope"], [a])).toEqual({
      ids: ["a"],
      unknown: ["nope", "ghost"],
    });
  });
});

describe("conflicts", () => {
  it("sees distinct from both sides", () => {
    expect(conflicts([IDS.ipvaCota, IDS.ipvaParcelas], debts)).toEqual([
      [IDS.ipvaCota, IDS.ipvaParcelas],
    ]);
    // Order of the input does not matter; the pair is reported once.
    expect(conflicts([IDS.ipvaParcelas, IDS.ipvaCota, IDS.fineOld], debts)).toHaveLength(1);
    expect(conflicts([IDS.ipvaCota, IDS.licensing], debts)).toEqual([]);
  });
});

describe("select", () => {
  it("brings the dependency closure, saying who pulled each one in", () => {
    const result = select([], IDS.fee, debts);
    expect(result.blocked).toBeUndefined();
    expect(result.selection).toEqual([IDS.ipvaCota, IDS.licensing, IDS.fee]);
    expect(result.addedAlongside).toEqual([
      { id: IDS.licensing, because: IDS.fee },
      { id: IDS.ipvaCota, because: IDS.licensing },
    ]);
  });

  it("does not report as added what was already selected", () => {
    const result = select([IDS.ipvaCota], IDS.licensing, debts);
    expect(result.addedAlongside).toEqual([]);
    expect(result.selection).toEqual([IDS.ipvaCota, IDS.licensing]);
  });

  it("refuses a debt that conflicts with the selection, from either side", () => {
    const fromParcelas = select([IDS.ipvaCota], IDS.ipvaParcelas, debts);
    expect(fromParcelas.selection).toEqual([IDS.ipvaCota]);
    expect(fromParcelas.blocked).toEqual({
      id: IDS.ipvaParcelas,
      reason: "distinct",
      by: [IDS.ipvaCota],
      pairs: [{ needed: IDS.ipvaParcelas, conflictsWith: IDS.ipvaCota }],
    });
    expect(select([IDS.ipvaParcelas], IDS.ipvaCota, debts).blocked?.by).toEqual([IDS.ipvaParcelas]);
  });

  it("refuses when a dependency, not the debt itself, meets the conflict", () => {
    const result = select([IDS.ipvaParcelas], IDS.licensing, debts);
    expect(result.selection).toEqual([IDS.ipvaParcelas]);
    expect(result.blocked).toMatchObject({
      id: IDS.licensing,
      reason: "distinct",
      by: [IDS.ipvaParcelas],
      pairs: [{ needed: IDS.ipvaCota, conflictsWith: IDS.ipvaParcelas }],
    });
  });

  it("refuses a debt whose closure contradicts itself", () => {
    const a = makeDebt({ id: "a", dependsOn: ["b", "c"] });
    const b = makeDebt({ id: "b", distinct: ["c"] });
    const c = makeDebt({ id: "c" });
    expect(select([], "a", [a, b, c]).blocked?.reason).toBe("distinct");
  });

  it("refuses a debt that depends on something this lookup did not return", () => {
    const a = makeDebt({ id: "a", dependsOn: ["ghost"] });
    expect(select([], "a", [a])).toEqual({
      selection: [],
      addedAlongside: [],
      blocked: { id: "a", reason: "missingDependency", by: ["ghost"], pairs: [] },
    });
  });

  it("refuses an unknown id and drops unknown ids from the current selection", () => {
    expect(select([], "ghost", debts).blocked?.reason).toBe("unknown");
    expect(select(["ghost", IDS.fineOld], IDS.fineNew, debts).selection).toEqual([
      IDS.fineOld,
      IDS.fineNew,
    ]);
  });
});

describe("unselect", () => {
  it("removes every selected debt that depends on it, transitively", () => {
    const result = unselect(
      [IDS.ipvaCota, IDS.licensing, IDS.fee, IDS.fineOld],
      IDS.ipvaCota,
      debts,
    );
    expect(result.selection).toEqual([IDS.fineOld]);
    expect(result.removedAlongside).toEqual([
      { id: IDS.licensing, because: IDS.ipvaCota },
      { id: IDS.fee, because: IDS.licensing },
    ]);
  });

  it("keeps the dependencies of what it removes", () => {
    const result = unselect([IDS.ipvaCota, IDS.licensing, IDS.fee], IDS.fee, debts);
    expect(result).toEqual({ selection: [IDS.ipvaCota, IDS.licensing], removedAlongside: [] });
  });

  it("is a no-op for a debt that is not selected", () => {
    expect(unselect([IDS.fineOld], IDS.fineNew, debts)).toEqual({
      selection: [IDS.fineOld],
      removedAlongside: [],
    });
  });
});

describe("blockedReasons and whyBlocked", () => {
  it("lists what blocks each unselected debt", () => {
    const reasons = blockedReasons([IDS.ipvaParcelas], debts);
    expect([...reasons.keys()].sort()).toEqual([IDS.ipvaCota, IDS.licensing, IDS.fee].sort());
    expect(reasons.get(IDS.fee)).toEqual([IDS.ipvaParcelas]);
    expect(blockedReasons([], debts).size).toBe(0);
  });

  it("returns null when the debt can be added", () => {
    expect(whyBlocked([], IDS.fineNew, debts)).toBeNull();
    expect(whyBlocked([IDS.ipvaCota], IDS.ipvaParcelas, debts)?.by).toEqual([IDS.ipvaCota]);
  });
});

describe("validateSelection (server re-check)", () => {
  it("accepts a consistent selection", () => {
    expect(validateSelection([IDS.ipvaCota, IDS.licensing, IDS.fineOld], debts)).toEqual({
      ok: true,
    });
  });

  it("reports missing dependencies, conflicts and unknown ids", () => {
    const result = validateSelection(
      [IDS.licensing, IDS.ipvaParcelas, IDS.ipvaCota, IDS.fineNew, "ghost"],
      debts,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { rule: "distinct", debtId: IDS.ipvaParcelas, conflictsWith: [IDS.ipvaCota] },
        { rule: "distinct", debtId: IDS.ipvaCota, conflictsWith: [IDS.ipvaParcelas] },
        { rule: "dependsOn", debtId: IDS.fineNew, missing: [IDS.fineOld] },
        { rule: "unknown", debtId: "ghost" },
      ],
    });
  });

  it("reports a dependency on an id the lookup never returned", () => {
    const a = makeDebt({ id: "a", dependsOn: ["ghost"] });
    expect(validateSelection(["a"], [a])).toEqual({
      ok: false,
      problems: [{ rule: "dependsOn", debtId: "a", missing: ["ghost"] }],
    });
  });

  it("ignores duplicates", () => {
    expect(validateSelection([IDS.fineOld, IDS.fineOld], debts)).toEqual({ ok: true });
  });
});

describe("toSelectable and debtIdsFromParam (one reading for the server and the pages)", () => {
  const view = {
    id: "a",
    title: "Taxa",
    description: "x",
    amountCents: 100,
    type: "ticket",
    required: false,
    dependsOn: ["b"],
    distinct: ["c"],
    hasDiscount: false,
  };

  it("keeps what the rules read and nothing else; a missing year is null", () => {
    expect(toSelectable(view)).toEqual({
      id: "a",
      title: "Taxa",
      amountCents: 100,
      type: "ticket",
      year: null,
      required: false,
      dependsOn: ["b"],
      distinct: ["c"],
    });
    expect(toSelectable({ ...view, year: 2026 }).year).toBe(2026);
  });

  it("counts a type upstream added later as a service fee", () => {
    expect(toSelectable({ ...view, type: "pedagio" }).type).toBe("service");
  });

  it("reads ?debts= trimmed, once each, without empty parts, at most 100", () => {
    expect(debtIdsFromParam(" a, b,,a ,")).toEqual(["a", "b"]);
    expect(debtIdsFromParam(null)).toEqual([]);
    expect(debtIdsFromParam("")).toEqual([]);
    expect(debtIdsFromParam(Array.from({ length: 150 }, (_, i) => `d${i}`).join(","))).toHaveLength(
      100,
    );
  });
});
