// Which debts can be paid together. Upstream rule (spec, Debt): to pay a debt, every id in its
// `dependsOn` must be in the same payment, and no id in its `distinct` may be. `distinct` is
// read in both directions: if A lists B, B cannot go with A either, whatever B's list says.
// The page uses select/unselect; the server re-checks with validateSelection.

import type {
  Because,
  BlockedSelection,
  DebtForSelection,
  SelectionProblem,
  SelectionValidation,
  SelectResult,
  UnselectResult,
} from "./debt-types";

export type {
  Because,
  BlockedSelection,
  DebtForSelection,
  DebtType,
  SelectionProblem,
  SelectionValidation,
  SelectResult,
  UnselectResult,
} from "./debt-types";

type Index = ReadonlyMap<string, DebtForSelection>;

const KNOWN_TYPES: readonly string[] = ["ticket", "ipva", "licensing", "service"];

/**
 * A debt as the rules read it, from the lookup's view on either side (server or page), so both
 * judge a selection alike. An unknown type (upstream added one) counts as a service fee.
 */
export function toSelectable(d: {
  id: string;
  title: string;
  amountCents: number;
  type: string;
  year?: number | null;
  required: boolean;
  dependsOn: readonly string[];
  distinct: readonly string[];
}): DebtForSelection {
  return {
    id: d.id,
    title: d.title,
    amountCents: d.amountCents,
    type: (KNOWN_TYPES.includes(d.type) ? d.type : "service") as DebtForSelection["type"],
    year: d.year ?? null,
    required: d.required,
    dependsOn: d.dependsOn,
    distinct: d.distinct,
  };
}

/** The ids of an address's `?debts=` (comma-separated, as the debt list writes it): trimmed, once each, at most 100. */
export function debtIdsFromParam(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, 100);
}

export function indexDebts(debts: readonly DebtForSelection[]): Map<string, DebtForSelection> {
  return new Map(debts.map((debt) => [debt.id, debt]));
}

/** Known ids of `ids`, deduplicated, in the order upstream listed the debts (stable for the UI). */
export function inCatalogOrder(
  ids: Iterable<string>,
  debts: readonly DebtForSelection[],
): string[] {
  const wanted = new Set(ids);
  return debts.filter((debt) => wanted.has(debt.id)).map((debt) => debt.id);
}

/** Breadth-first over dependsOn; each reached id remembers who pulled it in. Cycle-safe. */
function closureWithReasons(start: Iterable<string>, index: Index) {
  const reached = new Map<string, string | null>();
  const unknown: string[] = [];
  const queue: string[] = [];
  for (const id of start) {
    if (!index.has(id)) {
      if (!unknown.includes(id)) unknown.push(id);
    } else if (!reached.has(id)) {
      reached.set(id, null);
      queue.push(id);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    for (const dep of index.get(current)!.dependsOn) {
      if (!index.has(dep)) {
        if (!unknown.includes(dep)) unknown.push(dep);
      } else if (!reached.has(dep)) {
        reached.set(dep, current);
        queue.push(dep);
      }
    }
  }
  return { reached, unknown };
}

/** `ids` plus everything they transitively depend on; unknown ids are left out and reported. */
export function dependencyClosure(
  ids: Iterable<string>,
  debts: readonly DebtForSelection[],
): { ids: string[]; unknown: string[] } {
  const { reached, unknown } = closureWithReasons(ids, indexDebts(debts));
  return { ids: inCatalogOrder(reached.keys(), debts), unknown };
}

function excludes(a: DebtForSelection | undefined, b: DebtForSelection | undefined): boolean {
  return !!a && !!b && a.id !== b.id && (a.distinct.includes(b.id) || b.distinct.includes(a.id));
}

/** Ids in `others` that cannot be paid together with `id` (both directions of distinct). */
function conflictingWith(id: string, others: Iterable<string>, index: Index): string[] {
  const debt = index.get(id);
  return [...others].filter((other) => excludes(debt, index.get(other)));
}

/** Every conflicting pair inside the selection, once each, in catalog order. */
export function conflicts(
  selection: Iterable<string>,
  debts: readonly DebtForSelection[],
): Array<[string, string]> {
  const index = indexDebts(debts);
  const ordered = inCatalogOrder(selection, debts);
  const pairs: Array<[string, string]> = [];
  ordered.forEach((a, i) => {
    for (const b of ordered.slice(i + 1))
      if (excludes(index.get(a), index.get(b))) pairs.push([a, b]);
  });
  return pairs;
}

/** What adding `id` to `selection` would bring along, or why it cannot be added. */
function planAddition(selection: ReadonlySet<string>, id: string, index: Index) {
  if (!index.has(id)) {
    const blocked: BlockedSelection = { id, reason: "unknown", by: [id], pairs: [] };
    return { added: [] as Because[], blocked };
  }
  const { reached, unknown } = closureWithReasons([id], index);
  if (unknown.length > 0) {
    const blocked: BlockedSelection = { id, reason: "missingDependency", by: unknown, pairs: [] };
    return { added: [] as Because[], blocked };
  }
  const pairs: BlockedSelection["pairs"] = [];
  const seen = new Set<string>();
  const target = [...selection, ...reached.keys()];
  for (const needed of reached.keys()) {
    for (const other of conflictingWith(needed, target, index)) {
      const key = [needed, other].sort().join("\u0000");
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push({ needed, conflictsWith: other });
    }
  }
  if (pairs.length > 0) {
    const by = [...new Set(pairs.map((pair) => pair.conflictsWith))];
    return {
      added: [] as Because[],
      blocked: { id, reason: "distinct", by, pairs } as BlockedSelection,
    };
  }
  const added: Because[] = [];
  for (const [reachedId, because] of reached) {
    if (because !== null && !selection.has(reachedId)) added.push({ id: reachedId, because });
  }
  return { added, blocked: undefined };
}

/**
 * A preset's pass over one catalog (debt-presets.ts): the index built once and the selection grown
 * in place, where select() and dependencyClosure() rebuild both on every call (a batch summarises
 * 500 vehicles). Each step answers as those do.
 */
export function selectionPass(debts: readonly DebtForSelection[]) {
  const index = indexDebts(debts);
  // Kept in catalog order, as select() keeps it: a refusal lists its conflicts in that order.
  let selected = new Set<string>();
  return {
    /** The amount of `id` and of everything it depends on. */
    closureTotal(id: string): number {
      let total = 0;
      for (const reached of closureWithReasons([id], index).reached.keys())
        total += index.get(reached)!.amountCents;
      return total;
    },
    has: (id: string) => selected.has(id),
    /** select() on the pass's selection: adds `id` and its closure, or says why not. */
    add(id: string): BlockedSelection | undefined {
      const { added, blocked } = planAddition(selected, id, index);
      if (blocked) return blocked;
      selected = new Set(inCatalogOrder([...selected, id, ...added.map((a) => a.id)], debts));
      return undefined;
    },
    selection: () => [...selected],
  };
}

/**
 * Adds `id` with its whole dependency closure, or refuses (returns `blocked` and the selection
 * unchanged) when the closure cannot go with what is selected. Unknown ids in `current` are
 * dropped: the selection is always a subset of these debts, in catalog order.
 */
export function select(
  current: Iterable<string>,
  id: string,
  debts: readonly DebtForSelection[],
): SelectResult {
  const selected = new Set(inCatalogOrder(current, debts));
  const { added, blocked } = planAddition(selected, id, indexDebts(debts));
  if (blocked) return { selection: [...selected], addedAlongside: [], blocked };
  return {
    selection: inCatalogOrder([...selected, id, ...added.map((a) => a.id)], debts),
    addedAlongside: added,
  };
}

/** Removes `id` and every selected debt that (transitively) depends on it. */
export function unselect(
  current: Iterable<string>,
  id: string,
  debts: readonly DebtForSelection[],
): UnselectResult {
  const selected = new Set(inCatalogOrder(current, debts));
  if (!selected.has(id)) return { selection: [...selected], removedAlongside: [] };
  const index = indexDebts(debts);
  const removed = new Set([id]);
  const removedAlongside: Because[] = [];
  for (let changed = true; changed;) {
    changed = false;
    for (const candidate of selected) {
      if (removed.has(candidate)) continue;
      const because = index.get(candidate)!.dependsOn.find((dep) => removed.has(dep));
      if (because !== undefined) {
        removed.add(candidate);
        removedAlongside.push({ id: candidate, because });
        changed = true;
      }
    }
  }
  return { selection: [...selected].filter((s) => !removed.has(s)), removedAlongside };
}

/** For each debt not selected that cannot be added now: the ids that stand in the way. */
export function blockedReasons(
  selection: Iterable<string>,
  debts: readonly DebtForSelection[],
): Map<string, string[]> {
  const index = indexDebts(debts);
  const selected = new Set(inCatalogOrder(selection, debts));
  const reasons = new Map<string, string[]>();
  for (const debt of debts) {
    if (selected.has(debt.id)) continue;
    const { blocked } = planAddition(selected, debt.id, index);
    if (blocked) reasons.set(debt.id, blocked.by);
  }
  return reasons;
}

/** Why adding `id` now would be refused, or null when it can be added. */
export function whyBlocked(
  selection: Iterable<string>,
  id: string,
  debts: readonly DebtForSelection[],
): BlockedSelection | null {
  return (
    planAddition(new Set(inCatalogOrder(selection, debts)), id, indexDebts(debts)).blocked ?? null
  );
}

/**
 * The server's re-check of a submitted selection. Each debt reports its own problems, so a
 * conflicting pair appears once for each side. An empty selection is not a rule problem here
 * (the input schema refuses it).
 */
export function validateSelection(
  ids: readonly string[],
  debts: readonly DebtForSelection[],
): SelectionValidation {
  const index = indexDebts(debts);
  const selected = [...new Set(ids)];
  const chosen = new Set(selected);
  const problems: SelectionProblem[] = [];
  for (const id of selected) {
    const debt = index.get(id);
    if (!debt) {
      problems.push({ rule: "unknown", debtId: id });
      continue;
    }
    const missing = debt.dependsOn.filter((dep) => !chosen.has(dep));
    if (missing.length > 0) problems.push({ rule: "dependsOn", debtId: id, missing });
    const conflictsWith = conflictingWith(id, selected, index);
    if (conflictsWith.length > 0) problems.push({ rule: "distinct", debtId: id, conflictsWith });
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}
