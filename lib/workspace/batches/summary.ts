// A batch item's summary, from the debts its lookup found: pure, unit-tested
// (tests/unit/workspace/batch-summary.test.ts). Alternatives (IPVA cota única vs parcelas) are
// never added together: the totals are those of the "everything" preset, the largest set that
// can be paid at once, and "what licensing requires" is the licensing preset, so the table says
// exactly what the debt page would offer.
import {
  authorityFailure,
  failedLookupCode,
  type StoredErrorCode,
} from "@/lib/errors/failure-codes";
import { presetAll, presetLicensing } from "@/lib/rules/debt-presets";
import type { DebtForSelection } from "@/lib/rules/debt-types";

export type BatchItemSummary = {
  /** Everything that can be paid together, in cents. */
  totalCents: number;
  finesCents: number;
  ipvaCents: number;
  licensingCents: number;
  /** Service fees and anything else. */
  otherCents: number;
  debtCount: number;
  /** Debts licensing requires (with what they depend on): how many, their total, their titles. */
  licensing: { count: number; totalCents: number; titles: string[] };
};

export const EMPTY_SUMMARY: BatchItemSummary = {
  totalCents: 0,
  finesCents: 0,
  ipvaCents: 0,
  licensingCents: 0,
  otherCents: 0,
  debtCount: 0,
  licensing: { count: 0, totalCents: 0, titles: [] },
};

export function summarizeDebts(debts: readonly DebtForSelection[]): BatchItemSummary {
  if (debts.length === 0) return EMPTY_SUMMARY;
  const byId = new Map(debts.map((d) => [d.id, d]));
  const chosen = presetAll(debts).selection.map((id) => byId.get(id)!);
  const sum = (list: readonly DebtForSelection[]) => list.reduce((s, d) => s + d.amountCents, 0);
  const ofType = (type: string) => sum(chosen.filter((d) => d.type === type));
  const licensingDebts = presetLicensing(debts).selection.map((id) => byId.get(id)!);
  return {
    totalCents: sum(chosen),
    finesCents: ofType("ticket"),
    ipvaCents: ofType("ipva"),
    licensingCents: ofType("licensing"),
    otherCents: sum(
      chosen.filter((d) => d.type !== "ticket" && d.type !== "ipva" && d.type !== "licensing"),
    ),
    debtCount: chosen.length,
    licensing: {
      count: licensingDebts.length,
      totalCents: sum(licensingDebts),
      titles: licensingDebts.map((d) => d.title),
    },
  };
}

export type ItemOutcome = { status: "done" | "failed"; errorCode: StoredErrorCode | null };

/**
 * How a resolved lookup ends its batch item. Debts or none: done. Unknown vehicle, an authority
 * error (900-903: "tente mais tarde") or a refused start: failed, so "Tentar de novo" picks it up.
 */
export function itemOutcomeOf(
  lookupStatus: string,
  lookupErrorCode: string | null,
): ItemOutcome | null {
  switch (lookupStatus) {
    case "pending":
      return null;
    case "debts":
    case "no_debts":
      return { status: "done", errorCode: null };
    case "not_found":
      return { status: "failed", errorCode: "NOT_FOUND" };
    case "error":
      return { status: "failed", errorCode: authorityFailure(lookupErrorCode) };
    default:
      return { status: "failed", errorCode: failedLookupCode(lookupErrorCode) };
  }
}
