import type { DebtType } from "./debt-types";

// What changed on a watched vehicle between the last known lookup result and a new one. Debts are
// matched by a key that survives the upstream reissuing a debt's id: the AIT for fines; type, year
// and parcela for IPVA and licensing, the parcela read from the title because the upstream has no
// field for it. The rule is written down in docs/radar.md; tests/unit/rules/debt-changes.test.ts
// holds it.

export type WatchedDebt = {
  /** The upstream debt id: it may change between lookups, so it is never the key. */
  id: string;
  type: DebtType;
  title: string;
  amountCents: number;
  dueDate?: Date | string | null;
  hasDiscount: boolean;
  year: number | null;
  ait?: string | null;
};

export type DisappearedReason =
  /** We paid it and the authority no longer lists it: the payment's "baixa" closed the loop. */
  | "settledAfterOurPayment"
  /** It left without a payment of ours: paid elsewhere (or cancelled by the authority). */
  | "goneElsewhere";

export type AmountChangeReason = "discountEnded" | "increased" | "decreased";

type Base = { debtKey: string; dedupeKey: string };

export type DebtChange =
  | (Base & { kind: "appeared"; debt: WatchedDebt })
  | (Base & {
      kind: "amountChanged";
      reason: AmountChangeReason;
      before: WatchedDebt;
      after: WatchedDebt;
    })
  | (Base & { kind: "disappeared"; reason: DisappearedReason; debt: WatchedDebt });

export type DebtChangeKind = DebtChange["kind"];

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The parcela part of an IPVA or licensing title: "parcela-2", "cota-unica", or null. */
export function parcelaFromTitle(title: string): string | null {
  const t = fold(title);
  if (/cota\s*unica|parcela\s*unica/.test(t)) return "cota-unica";
  // "Parcela 2/3", "parcela 02", "2ª parcela", "2a parcela". A bare "2/3" is not read: titles also
  // carry dates ("venc. 10/06"), and a wrong parcela would turn one debt into two changes.
  const n =
    /parcela\s*0*(\d{1,2})\b/.exec(t)?.[1] ?? /\b0*(\d{1,2})\s*[ªºa°]?\s*parcela/.exec(t)?.[1];
  return n ? `parcela-${n}` : null;
}

function yearOf(debt: WatchedDebt): string {
  if (debt.year !== null) return String(debt.year);
  return /\b(19|20)\d{2}\b/.exec(debt.title)?.[0] ?? "sem-ano";
}

const normalizeAit = (ait: string) => ait.replace(/[\s.\-/]/g, "").toUpperCase();

/**
 * The key of one debt before collisions are settled (see `keyedDebts`). Fines without an AIT and
 * service fees have nothing that outlives the id but their title, so that is their key.
 */
export function baseDebtKey(debt: WatchedDebt): string {
  switch (debt.type) {
    case "ticket":
      return debt.ait && normalizeAit(debt.ait)
        ? `ticket:ait:${normalizeAit(debt.ait)}`
        : `ticket:title:${fold(debt.title).trim()}`;
    case "ipva":
    case "licensing": {
      const parcela = parcelaFromTitle(debt.title);
      return `${debt.type}:${yearOf(debt)}${parcela ? `:${parcela}` : ""}`;
    }
    case "service":
      return `service:${fold(debt.title).trim()}`;
  }
}

const dueMs = (d: WatchedDebt) =>
  d.dueDate ? new Date(d.dueDate).getTime() : Number.POSITIVE_INFINITY;

/**
 * Every debt of one result with its key. Two debts with the same base key (two fines of one title
 * without AIT) are told apart by order of due date, then amount, then id: "#2", "#3"... so the
 * same list gives the same keys on every lookup.
 */
export function keyedDebts<T extends WatchedDebt>(debts: readonly T[]): Map<string, T> {
  const groups = new Map<string, T[]>();
  for (const d of debts) {
    const k = baseDebtKey(d);
    groups.set(k, [...(groups.get(k) ?? []), d]);
  }
  const out = new Map<string, T>();
  for (const [k, group] of groups) {
    group.sort(
      (a, b) => dueMs(a) - dueMs(b) || a.amountCents - b.amountCents || a.id.localeCompare(b.id),
    );
    group.forEach((d, i) => out.set(i === 0 ? k : `${k}#${i + 1}`, d));
  }
  return out;
}

export type DiffOptions = {
  /**
   * Who is told and against what: the watch and the last known result it compares with (e.g.
   * `${watchId}:${lastLookupId}`). A retried or replayed comparison gives the same dedupe keys;
   * a comparison against a newer baseline gives new ones, so a fine that leaves and comes back is
   * told again.
   */
  scope: string;
  /** Upstream ids of last known debts that a payment of ours paid. */
  paidByUs?: ReadonlySet<string>;
};

function amountReason(before: WatchedDebt, after: WatchedDebt): AmountChangeReason {
  if (before.hasDiscount && !after.hasDiscount) return "discountEnded";
  return after.amountCents > before.amountCents ? "increased" : "decreased";
}

/**
 * The changes from `before` (the last known result) to `after` (a new successful result: an
 * authority error is not a result and must not be compared). Appeared and amount changes follow
 * `after`'s order, disappeared ones `before`'s.
 */
export function diffDebts(
  before: readonly WatchedDebt[],
  after: readonly WatchedDebt[],
  options: DiffOptions,
): DebtChange[] {
  const old = keyedDebts(before);
  const now = keyedDebts(after);
  const dedupe = (kind: DebtChangeKind, debtKey: string, detail = "") =>
    `${options.scope}|${kind}|${debtKey}${detail}`;
  const changes: DebtChange[] = [];
  for (const [debtKey, debt] of now) {
    const was = old.get(debtKey);
    if (!was) {
      changes.push({ kind: "appeared", debtKey, debt, dedupeKey: dedupe("appeared", debtKey) });
    } else if (was.amountCents !== debt.amountCents) {
      changes.push({
        kind: "amountChanged",
        debtKey,
        before: was,
        after: debt,
        reason: amountReason(was, debt),
        dedupeKey: dedupe("amountChanged", debtKey, `|${was.amountCents}>${debt.amountCents}`),
      });
    }
  }
  for (const [debtKey, debt] of old) {
    if (now.has(debtKey)) continue;
    const reason: DisappearedReason = options.paidByUs?.has(debt.id)
      ? "settledAfterOurPayment"
      : "goneElsewhere";
    changes.push({
      kind: "disappeared",
      debtKey,
      debt,
      reason,
      dedupeKey: dedupe("disappeared", debtKey),
    });
  }
  return changes;
}
