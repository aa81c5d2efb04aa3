import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { DelistingState, DelistingVerdict } from "@/lib/rules/delisting";

// What the pages, the comprovante and the mails show of a payment's delisting checks
// (docs/internal-api.md, DelistingView): each paid debt's third step after "Pago" and "Quitado".

export type DelistingDebtView = {
  debtId: string;
  state: DelistingState;
  /** When a check found the authority no longer lists it. */
  confirmedAt?: string;
  /** The last check that still listed it, and the amount the authority listed then. */
  lastListedAt?: string;
  listedAmountCents?: number;
};

export type DelistingView = {
  /** checking until decided, then the payment's verdict (confirmed only when every debt is). */
  state: "checking" | DelistingVerdict;
  /** Checks made (whether the authority answered or not) and planned (DELISTING_CHECK_DAYS). */
  checksDone: number;
  checksPlanned: number;
  /** While checking: the next check's moment (it may wait for the SP window or the budget). */
  nextCheckAt?: string;
  decidedAt?: string;
  debts: DelistingDebtView[];
  /**
   * Only when a debt is still listed: what the payer shows the authority besides the comprovante
   * (the upstream's payment and transaction ids), docs/delisting.md "Ainda listado".
   */
  evidence?: { paymentId: string | null; transactionId: string | null };
};

const iso = (d: Date | null | undefined) => (d ? { value: d.toISOString() } : undefined);

type WatchRow = {
  status: string;
  round: number;
  verdict: string | null;
  decidedAt: Date | null;
  notBefore: Date | null;
  debts: {
    debtId: string;
    state: string;
    confirmedAt: Date | null;
    lastListedAt: Date | null;
    listedAmountCents: number | null;
  }[];
};

const WATCH_SELECT = {
  paymentId: true,
  status: true,
  round: true,
  verdict: true,
  decidedAt: true,
  notBefore: true,
  debts: {
    select: {
      debtId: true,
      state: true,
      confirmedAt: true,
      lastListedAt: true,
      listedAmountCents: true,
    },
    orderBy: { id: "asc" },
  },
} as const;

export function toDelistingView(w: WatchRow, evidence?: DelistingView["evidence"]): DelistingView {
  const decided = w.status === "decided";
  const planned = env.delisting.checkDays.length;
  return {
    state: decided ? ((w.verdict ?? "unverified") as DelistingVerdict) : "checking",
    checksDone: decided ? Math.min(w.round, planned) : w.round - 1,
    checksPlanned: planned,
    ...(!decided && iso(w.notBefore) ? { nextCheckAt: iso(w.notBefore)!.value } : {}),
    ...(iso(w.decidedAt) ? { decidedAt: iso(w.decidedAt)!.value } : {}),
    debts: w.debts.map((d) => ({
      debtId: d.debtId,
      // A watch given up by the queue (its last attempt failed) leaves undecided rows: unverified.
      state: decided && d.state === "checking" ? "unverified" : (d.state as DelistingState),
      ...(iso(d.confirmedAt) ? { confirmedAt: iso(d.confirmedAt)!.value } : {}),
      ...(iso(d.lastListedAt) ? { lastListedAt: iso(d.lastListedAt)!.value } : {}),
      ...(d.listedAmountCents !== null ? { listedAmountCents: d.listedAmountCents } : {}),
    })),
    ...(evidence && w.verdict === "still_listed" ? { evidence } : {}),
  };
}

/** The delisting of payments by their row ids (absent: not settled yet, or settled before checks existed). */
export async function delistingOf(
  paymentRowIds: readonly string[],
): Promise<Map<string, DelistingView>> {
  if (paymentRowIds.length === 0) return new Map();
  const rows = await db.delistingWatch.findMany({
    where: { paymentId: { in: [...paymentRowIds] } },
    select: WATCH_SELECT,
  });
  const listed = rows.filter((r) => r.verdict === "still_listed").map((r) => r.paymentId);
  const ids = listed.length
    ? await db.payment.findMany({
        where: { id: { in: listed } },
        select: { id: true, paymentId: true, transactionId: true },
      })
    : [];
  const evidence = new Map(
    ids.map((p) => [p.id, { paymentId: p.paymentId, transactionId: p.transactionId }]),
  );
  return new Map(rows.map((r) => [r.paymentId, toDelistingView(r, evidence.get(r.paymentId))]));
}

/** The delisting of one payment by its public reference (the status page and its API answer). */
export async function delistingByRef(ref: string): Promise<DelistingView | null> {
  const payment = await db.payment.findUnique({ where: { publicRef: ref }, select: { id: true } });
  if (!payment) return null;
  return (await delistingOf([payment.id])).get(payment.id) ?? null;
}
