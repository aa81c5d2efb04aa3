import type { SandboxDebt } from "../context";
import { debtId } from "../catalog/debts";
import { delistingOf } from "../catalog/family";
import { timelineDayMs } from "../catalog/timeline";

// The authority (Detran) does not drop a paid debt the moment the payment settles: the generated
// BXA, BXN and BXR plates (catalog/family.ts) model that lag so the product's delisting check (look
// the vehicle up again, confirm each paid debt is gone) can be tested. Every other vehicle drops a
// paid debt at once. Days are read like the timeline's: sandbox clock (options.now, so
// POST /__sandbox/clock walks them), a real day times timeScale. Documented in docs/sandbox-core.md
// ("The authority's lag").

/** Days of sandbox clock (× timeScale) a paid debt of a lag plate stays listed after it was paid. */
export const AUTHORITY_LAG_DAYS = 2;

/** The lag in clock milliseconds (2 days × scale: 57.6 s at 1/3000). */
export const authorityLagMs = (timeScale: number) => AUTHORITY_LAG_DAYS * timelineDayMs(timeScale);

/** Share of the original amount a BXR plate's relisted fine is charged at. */
export const RESIDUAL_SHARE = 0.1;

/** What the authority lists in place of a paid debt at a moment of the sandbox clock. */
export type PaidDebtFate = "dropped" | "listed" | "relisted";

export function withinLag(paidAt: Date, now: Date, timeScale: number): boolean {
  return now.getTime() - paidAt.getTime() < authorityLagMs(timeScale);
}

/**
 * A paid debt of `plate`, paid at `paidAt` (its own payment or its `distinct` alternative's), seen
 * at `now`: dropped (every plate outside the lag families, and theirs once the lag passed), still
 * listed unchanged, or relisted under a new id (BXR fines).
 */
export function paidDebtFate(
  plate: string,
  debt: SandboxDebt,
  paidAt: Date,
  now: Date,
  timeScale: number,
): PaidDebtFate {
  const story = delistingOf(plate);
  if (!story) return "dropped";
  if (debt.type === "ticket" && story === "never") return "listed";
  if (debt.type === "ticket" && story === "relisted") return "relisted";
  return withinLag(paidAt, now, timeScale) ? "listed" : "dropped";
}

/** The id a BXR plate's paid fine is relisted under: deterministic per plate and original id. */
export function relistedDebtId(plate: string, originalId: string): string {
  return debtId(plate, `relisted:${originalId}`);
}

/** The relisted fine: same AIT and dates, a residual of the original amount, no constraints. */
export function relistedDebt(plate: string, paid: SandboxDebt): SandboxDebt {
  const residual = Math.round(Math.round(paid.amount * 100) * RESIDUAL_SHARE) / 100;
  return {
    ...paid,
    id: relistedDebtId(plate, paid.id),
    amount: residual,
    title: `${paid.title} (saldo residual)`,
    description: `Saldo residual relançado pelo Detran após o pagamento da multa${paid.ait ? ` AIT ${paid.ait}` : ""}.`,
    hasDiscount: false,
    dependsOn: [],
    distinct: [],
  };
}
