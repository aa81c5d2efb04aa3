// The delisting check ("Confirmado no órgão" on pages; apart from "baixa", which names the
// upstream's settlement): after a payment's debts are settled, the vehicle is looked up again at a
// few moments, and each paid debt ends `confirmed` (the authority no longer lists it: when, and by
// which lookup) or `still_listed` (listed at the last check). docs/delisting.md tells the story;
// lib/delisting runs it. Pure: no clock, no database.

import { addBusinessDays } from "./business-days";
import { baseDebtKey, keyedDebts, type WatchedDebt } from "./debt-changes";

/**
 * checking: not decided yet; confirmed: absent from a check's result; still_listed: listed at the
 * last check; unverified: no check could be made before the last moment passed (authority errors
 * or erased data), so we say nothing about the authority.
 */
export type DelistingState = "checking" | "confirmed" | "still_listed" | "unverified";
export type DelistingVerdict = Exclude<DelistingState, "checking">;

export type DebtProgress = {
  debtId: string;
  /** lib/rules/debt-changes.ts's key in the result the debt was paid from. */
  debtKey: string;
  state: DelistingState;
  confirmedAt: Date | null;
  confirmedByLookupId: string | null;
  /** The last check that still listed it, and with which amount. */
  lastListedAt: Date | null;
  lastListedLookupId: string | null;
  listedAmountCents: number | null;
};

/** The moments of the checks: `days` business days after settlement (DELISTING_CHECK_DAYS). */
export function checkMoments(settledAt: Date, days: readonly number[]): Date[] {
  return [...days].sort((a, b) => a - b).map((d) => addBusinessDays(settledAt, d));
}

/**
 * The paid debts with their keys, computed in the whole result they were paid from (two fines of
 * one title without an AIT are told apart by their order in that result, keyedDebts).
 */
export function paidDebtKeys(
  result: readonly WatchedDebt[],
  paidIds: ReadonlySet<string>,
): { debtId: string; debtKey: string }[] {
  const out: { debtId: string; debtKey: string }[] = [];
  for (const [debtKey, debt] of keyedDebts(result))
    if (paidIds.has(debt.id)) out.push({ debtId: debt.id, debtKey });
  // A paid id missing from the result (it cannot be, but a row may be older than a fix) still gets
  // a key of its own, so it is checked rather than dropped.
  for (const id of paidIds)
    if (!out.some((p) => p.debtId === id)) out.push({ debtId: id, debtKey: `id:${id}` });
  return out;
}

/**
 * The debt of a new result that is the paid one, if any: the same upstream id, or the same key
 * (a fine reissued under a new id keeps its AIT). When a key is ambiguous in either result (two
 * fines of one title without an AIT), "#2" keys follow due date and amount order, as Radar's do.
 */
export function findListed(
  paid: { debtId: string; debtKey: string },
  listed: readonly WatchedDebt[],
): WatchedDebt | undefined {
  return (
    listed.find((d) => d.id === paid.debtId) ??
    keyedDebts(listed).get(paid.debtKey) ??
    // A key computed before a collision appeared ("k" vs "k#2") still matches its base.
    (paid.debtKey.includes("#") ? undefined : listed.find((d) => baseDebtKey(d) === paid.debtKey))
  );
}

export function freshProgress(paid: { debtId: string; debtKey: string }): DebtProgress {
  return {
    ...paid,
    state: "checking",
    confirmedAt: null,
    confirmedByLookupId: null,
    lastListedAt: null,
    lastListedLookupId: null,
    listedAmountCents: null,
  };
}

/**
 * One successful check (the authority answered: a list of debts, or none at all). A debt absent
 * is confirmed; a debt listed stays checking, or ends still_listed at the last check; a debt
 * confirmed at an earlier check and listed again goes back to checking (the authority listed it
 * again: the evidence of the earlier absence stays in the lookups, the decision waits).
 */
export function applyCheck(
  debts: readonly DebtProgress[],
  check: { lookupId: string; at: Date; listed: readonly WatchedDebt[]; last: boolean },
): DebtProgress[] {
  return debts.map((d) => {
    if (d.state === "still_listed" || d.state === "unverified") return d;
    const listed = findListed(d, check.listed);
    if (!listed) {
      if (d.state === "confirmed") return d;
      return {
        ...d,
        state: "confirmed",
        confirmedAt: check.at,
        confirmedByLookupId: check.lookupId,
      };
    }
    return {
      ...d,
      state: check.last ? "still_listed" : "checking",
      confirmedAt: null,
      confirmedByLookupId: null,
      lastListedAt: check.at,
      lastListedLookupId: check.lookupId,
      listedAmountCents: listed.amountCents,
    };
  });
}

/** The last moment passed with no check possible: what is still undecided ends unverified. */
export function giveUpChecks(debts: readonly DebtProgress[]): DebtProgress[] {
  return debts.map((d) => (d.state === "checking" ? { ...d, state: "unverified" } : d));
}

/** Decided when no debt is still being checked. */
export const isDecided = (debts: readonly DebtProgress[]): boolean =>
  debts.length > 0 && debts.every((d) => d.state !== "checking");

/** The payment's verdict once decided: confirmed only when every debt is. */
export function paymentVerdict(debts: readonly DebtProgress[]): DelistingVerdict | null {
  if (!isDecided(debts)) return null;
  if (debts.every((d) => d.state === "confirmed")) return "confirmed";
  if (debts.some((d) => d.state === "still_listed")) return "still_listed";
  return "unverified";
}

/** pt-BR words for each debt's third step on the status page, the link list and the mails. */
export const DELISTING_LABELS = {
  checking: "Conferindo no órgão",
  confirmed: "Baixa confirmada pelo órgão",
  still_listed: "Ainda listado no órgão",
  unverified: "Não foi possível conferir no órgão",
} as const satisfies Record<DelistingState, string>;
