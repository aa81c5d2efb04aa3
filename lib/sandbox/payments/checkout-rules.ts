// Which debts may go into one checkout: pure rules over the debts a lookup returned. Each
// violation names the rule and the ids so a client can explain it (422 shape B details).
import type { SandboxDebt, VehicleKey } from "../context";
import { normalizePlate } from "../validators";

export type DebtEntry = { debt: SandboxDebt; vehicle: VehicleKey };

export type RuleViolation =
  | { rule: "unknownDebt"; debtIds: string[] }
  | { rule: "foreignDebt"; debtIds: string[] }
  | { rule: "dependsOn"; debtId: string; missing: string[] }
  | { rule: "distinct"; debtId: string; conflictsWith: string[] };

function sameVehicle(a: VehicleKey, b: VehicleKey): boolean {
  return (
    normalizePlate(a.licensePlate) === normalizePlate(b.licensePlate) &&
    a.renavam === b.renavam &&
    a.uf.toUpperCase() === b.uf.toUpperCase()
  );
}

/**
 * All violations, most fundamental first: ids never returned by a lookup, ids of another
 * vehicle, then every dependsOn gap, then every distinct conflict.
 */
export function checkoutViolations(
  ids: readonly string[],
  vehicle: VehicleKey,
  lookup: (id: string) => DebtEntry | undefined,
): RuleViolation[] {
  const found = new Map<string, DebtEntry>();
  for (const id of ids) {
    const entry = lookup(id);
    if (entry) found.set(id, entry);
  }
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) return [{ rule: "unknownDebt", debtIds: unknown }];
  const entries = [...found.entries()];
  const foreign = entries.filter(([, e]) => !sameVehicle(e.vehicle, vehicle)).map(([id]) => id);
  if (foreign.length) return [{ rule: "foreignDebt", debtIds: foreign }];

  const violations: RuleViolation[] = [];
  for (const [id, e] of entries) {
    const missing = e.debt.dependsOn.filter((dep) => !found.has(dep));
    if (missing.length) violations.push({ rule: "dependsOn", debtId: id, missing });
  }
  for (const [id, e] of entries) {
    const conflictsWith = e.debt.distinct.filter((other) => found.has(other));
    if (conflictsWith.length) violations.push({ rule: "distinct", debtId: id, conflictsWith });
  }
  return violations;
}

export function describeViolation(v: RuleViolation): string {
  switch (v.rule) {
    case "unknownDebt":
      return `Debts not returned by any lookup: ${v.debtIds.join(", ")}`;
    case "foreignDebt":
      return `Debts that belong to another vehicle: ${v.debtIds.join(", ")}`;
    case "dependsOn":
      return `Debt ${v.debtId} must be paid together with ${v.missing.join(", ")}`;
    case "distinct":
      return `Debt ${v.debtId} cannot be paid together with ${v.conflictsWith.join(", ")}`;
  }
}
