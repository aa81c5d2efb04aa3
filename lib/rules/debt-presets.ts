// One-tap presets: "everything", "only what licensing requires", "only fines".
//
// Each preset is a greedy pass over candidates in a fixed order, adding each candidate with its
// dependency closure unless that would meet a `distinct`. Order (deterministic, documented so
// the page can say why something was left out):
//   1. (presetAll only) debts that are required, or that a required debt depends on: between
//      IPVA cota única and parcelas, the option licensing needs wins;
//   2. then the cheaper closure total (amount of the debt plus everything it drags in): between
//      two options neither of which licensing needs, the cheaper one wins;
//   3. then upstream's order.

import {
  type BlockedSelection,
  type DebtForSelection,
  dependencyClosure,
  selectionPass,
} from "./debt-selection";

export type PresetResult = {
  selection: string[];
  /** Candidates that could not join, with why (explainBlocked turns this into sentences). */
  leftOut: BlockedSelection[];
};

function greedy(
  candidates: readonly DebtForSelection[],
  debts: readonly DebtForSelection[],
  preferred: ReadonlySet<string> = new Set(),
): PresetResult {
  const pass = selectionPass(debts);
  const position = new Map(debts.map((debt, i) => [debt.id, i]));
  const keyed = candidates.map((debt) => ({
    id: debt.id,
    preferred: preferred.has(debt.id) ? 0 : 1,
    total: pass.closureTotal(debt.id),
    position: position.get(debt.id) ?? 0,
  }));
  keyed.sort((a, b) => a.preferred - b.preferred || a.total - b.total || a.position - b.position);

  const leftOut: BlockedSelection[] = [];
  for (const { id } of keyed) {
    if (pass.has(id)) continue;
    const blocked = pass.add(id);
    if (blocked) leftOut.push(blocked);
  }
  return { selection: pass.selection(), leftOut };
}

/** As much as can be paid together, preferring what licensing needs (see the order above). */
export function presetAll(debts: readonly DebtForSelection[]): PresetResult {
  const requiredIds = debts.filter((debt) => debt.required).map((debt) => debt.id);
  const neededForLicensing = new Set(dependencyClosure(requiredIds, debts).ids);
  return greedy(debts, debts, neededForLicensing);
}

/** The required debts (mandatory for licensing) and what they depend on. */
export function presetLicensing(debts: readonly DebtForSelection[]): PresetResult {
  return greedy(
    debts.filter((debt) => debt.required),
    debts,
  );
}

/** Traffic fines and whatever they depend on. */
export function presetFinesOnly(debts: readonly DebtForSelection[]): PresetResult {
  return greedy(
    debts.filter((debt) => debt.type === "ticket"),
    debts,
  );
}
