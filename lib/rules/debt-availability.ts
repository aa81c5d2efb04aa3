// Which debts of a lookup can still be paid, given the debts that are already paid or in an open
// payment of ours (from any checkout of the same vehicle, matched by the upstream debt id). A lookup
// is a snapshot: nothing updates it when a payment lands, so every later choice is judged here.
//
// - paid / in payment: the debt itself is held by a payment;
// - blocked: a `distinct` alternative is held (read in both directions, as debt-selection.ts does),
//   or a debt it must be paid with (dependsOn, transitively) is unavailable.
// Parcelas of one IPVA are not `distinct` from each other: parcela 2/3 stays available after 1/3.

import type { DebtForSelection } from "./debt-types";

export type Hold = "paid" | "in_payment";

export type Availability =
  | { id: string; state: "available" }
  | { id: string; state: Hold; reason: string }
  | {
      id: string;
      state: "blocked";
      cause: "distinct" | "dependsOn";
      by: string;
      byState: Hold;
      reason: string;
    };

export type AvailabilityState = Availability["state"];

const isCotaUnica = (d: DebtForSelection) => /cota\s+[úu]nica/i.test(d.title);

function subject(d: DebtForSelection): string {
  return d.type === "ipva" && d.year !== null ? `O IPVA ${d.year}` : `“${d.title}”`;
}

function whyHeld(hold: Hold): string {
  return hold === "paid"
    ? "Este débito já foi pago."
    : "Este débito já está em um pagamento em andamento.";
}

/** The words for a debt whose `distinct` alternative `other` is paid or being paid. */
function whyAlternative(d: DebtForSelection, other: DebtForSelection, hold: Hold): string {
  if (d.type === "ipva" && other.type === "ipva" && d.year === other.year && d.year !== null) {
    // A parcela in payment already means the plan started: the cota única is out either way.
    if (isCotaUnica(d) && !isCotaUnica(other))
      return `${subject(d)} já está sendo pago em parcelas.`;
    if (isCotaUnica(other)) {
      return hold === "paid"
        ? `${subject(d)} já foi pago em cota única.`
        : `${subject(d)} já está sendo pago em cota única.`;
    }
  }
  return hold === "paid"
    ? `Não pode mais ser pago: “${other.title}”, que não pode ser pago junto com este débito, já foi pago.`
    : `Não pode ser pago agora: “${other.title}”, que não pode ser pago junto com este débito, está em um pagamento em andamento.`;
}

function whyDependency(dep: DebtForSelection, depState: AvailabilityState): string {
  const how =
    depState === "paid"
      ? "já foi pago"
      : depState === "in_payment"
        ? "está em um pagamento em andamento"
        : "não pode mais ser pago";
  return `Precisa ser pago junto com “${dep.title}”, que ${how}. Faça uma nova consulta para ver o que ainda está em aberto.`;
}

/**
 * For each debt, in the lookup's order: available, paid, in payment or blocked, with the reason in
 * pt-BR. `held` maps upstream debt ids to their hold; ids of other vehicles are simply never met.
 */
export function debtAvailability(
  debts: readonly DebtForSelection[],
  held: ReadonlyMap<string, Hold>,
): Availability[] {
  const index = new Map(debts.map((d) => [d.id, d]));
  const result = new Map<string, Availability>();
  for (const d of debts) {
    const hold = held.get(d.id);
    if (hold) {
      result.set(d.id, { id: d.id, state: hold, reason: whyHeld(hold) });
      continue;
    }
    // Paid beats in payment: the stronger fact is the one worth saying.
    const alternatives = debts.filter(
      (o) =>
        o.id !== d.id && held.has(o.id) && (d.distinct.includes(o.id) || o.distinct.includes(d.id)),
    );
    const other = alternatives.find((o) => held.get(o.id) === "paid") ?? alternatives[0];
    if (other) {
      const byState = held.get(other.id)!;
      result.set(d.id, {
        id: d.id,
        state: "blocked",
        cause: "distinct",
        by: other.id,
        byState,
        reason: whyAlternative(d, other, byState),
      });
    }
  }
  // A debt must be paid with its dependencies: one unavailable dependency blocks it (to a fixpoint,
  // so chains and cycles settle).
  for (let changed = true; changed;) {
    changed = false;
    for (const d of debts) {
      if (result.has(d.id)) continue;
      const dep = d.dependsOn
        .map((id) => index.get(id))
        .find((x) => x !== undefined && result.has(x.id));
      if (!dep) continue;
      const depState = result.get(dep.id)!;
      const byState: Hold =
        depState.state === "blocked" ? depState.byState : (depState.state as Hold);
      result.set(d.id, {
        id: d.id,
        state: "blocked",
        cause: "dependsOn",
        by: dep.id,
        byState,
        reason: whyDependency(dep, depState.state),
      });
      changed = true;
    }
  }
  return debts.map((d) => result.get(d.id) ?? { id: d.id, state: "available" });
}

/** The debts that can still be chosen: closed under dependsOn, so selection rules apply to them unchanged. */
export function availableDebts(
  debts: readonly DebtForSelection[],
  availability: readonly Availability[],
): DebtForSelection[] {
  const ok = new Set(availability.filter((a) => a.state === "available").map((a) => a.id));
  return debts.filter((d) => ok.has(d.id));
}

/** The first of `ids` (in the lookup's order) that can no longer be paid, or null. */
export function firstUnavailable(
  ids: readonly string[],
  availability: readonly Availability[],
): Exclude<Availability, { state: "available" }> | null {
  const wanted = new Set(ids);
  const found = availability.find((a) => wanted.has(a.id) && a.state !== "available");
  return (found as Exclude<Availability, { state: "available" }> | undefined) ?? null;
}
