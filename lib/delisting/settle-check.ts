import "server-only";
import { env } from "@/lib/env";
import {
  authorityFailure,
  failedLookupCode,
  type StoredErrorCode,
} from "@/lib/errors/failure-codes";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { StoredDebt } from "@/lib/lookups/reactions";
import { queueDelistingMail } from "@/lib/mail/payment-mails";
import type { DebtType } from "@/lib/rules/debt-types";
import {
  applyCheck,
  checkMoments,
  giveUpChecks,
  isDecided,
  paymentVerdict,
  type DebtProgress,
} from "@/lib/rules/delisting";
import { outsideSpWindow } from "@/lib/rules/sp-maintenance";
import { delistingLog } from "./logger";

// What one check's result does, in the transaction that stores the result (the lookupsResolved
// reaction) or, when the check's own job finds a result nobody settled, in its own transaction.
// Only the watch's current check moves it (a conditional update on lookupId), so a replayed
// webhook, a retried job or a second instance changes nothing twice. Rules: docs/delisting.md.

type Tx = Prisma.TransactionClient;

/** The origin a check's lookup is started with (lookupRowData): its result comes back here. */
export const DELISTING_LOOKUP = "delisting";

export type CheckResult = {
  lookupRowId: string;
  status: string;
  errorCode: string | null;
  debts: readonly StoredDebt[];
};

type Watch = {
  id: string;
  paymentId: string;
  settledAt: Date;
  round: number;
  roundErrors: number;
  lookupId: string | null;
  uf: string;
};

const PROGRESS_SELECT = {
  debtId: true,
  debtKey: true,
  state: true,
  confirmedAt: true,
  confirmedByLookupId: true,
  lastListedAt: true,
  lastListedLookupId: true,
  listedAmountCents: true,
} as const;

async function progressOf(tx: Tx, watchId: string): Promise<DebtProgress[]> {
  const rows = await tx.delistingDebt.findMany({
    where: { watchId },
    select: PROGRESS_SELECT,
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ ...r, state: r.state as DebtProgress["state"] }));
}

async function writeProgress(
  tx: Tx,
  watchId: string,
  before: readonly DebtProgress[],
  after: readonly DebtProgress[],
) {
  for (const [i, d] of after.entries()) {
    if (JSON.stringify(d) === JSON.stringify(before[i])) continue;
    await tx.delistingDebt.update({
      where: { watchId_debtId: { watchId, debtId: d.debtId } },
      data: {
        state: d.state,
        confirmedAt: d.confirmedAt,
        confirmedByLookupId: d.confirmedByLookupId,
        lastListedAt: d.lastListedAt,
        lastListedLookupId: d.lastListedLookupId,
        listedAmountCents: d.listedAmountCents,
      },
    });
  }
}

/**
 * The decision: the watch ends, the checks' own lookups lose their personal fields (they were
 * copies made only for the checks: docs/privacy.md), and the payer gets one e-mail when every debt
 * is confirmed or one is still listed (never for "unverified": we know nothing new to tell).
 */
async function decide(tx: Tx, watch: Watch, debts: readonly DebtProgress[], now: Date) {
  const verdict = paymentVerdict(debts) ?? "unverified";
  const ended = await tx.delistingWatch.updateMany({
    where: { id: watch.id, status: "checking" },
    data: { status: "decided", verdict, decidedAt: now, lookupId: null, notBefore: null },
  });
  if (ended.count !== 1) return;
  const checks = await tx.delistingCheck.findMany({
    where: { watchId: watch.id },
    select: { lookupId: true },
  });
  if (checks.length > 0)
    await tx.lookup.updateMany({
      where: { id: { in: checks.map((c) => c.lookupId) }, personalDataErasedAt: null },
      data: { renavam: "", cpfCnpj: "", cpfCnpjIndex: null, personalDataErasedAt: now },
    });
  if (verdict !== "unverified") await queueDelistingMail(tx, watch.paymentId, verdict, debts, now);
  delistingLog.info({ paymentId: watch.paymentId, verdict }, "delisting decided");
}

/** The current check could not be made (900-903, no result, a refusal): later, or counted as not made. */
async function checkFailed(tx: Tx, watch: Watch, code: StoredErrorCode, now: Date) {
  if (watch.lookupId)
    await tx.delistingCheck.updateMany({
      where: { lookupId: watch.lookupId, outcome: null },
      data: { outcome: "failed", errorCode: code, endedAt: now },
    });
  const moments = checkMoments(watch.settledAt, env.delisting.checkDays);
  const errors = watch.roundErrors + 1;
  if (errors < env.delisting.triesPerCheck) {
    const retryAt = outsideSpWindow(watch.uf, new Date(now.getTime() + env.delisting.retryMs));
    await tx.delistingWatch.updateMany({
      where: { id: watch.id, status: "checking", lookupId: watch.lookupId, round: watch.round },
      data: { lookupId: null, roundErrors: errors, errorCode: code, notBefore: retryAt },
    });
    return;
  }
  delistingLog.warn(
    { paymentId: watch.paymentId, round: watch.round, code },
    "delisting check not made: the authority never answered",
  );
  if (watch.round >= moments.length) {
    await tx.delistingWatch.update({ where: { id: watch.id }, data: { errorCode: code } });
    return decide(tx, watch, giveUpChecks(await progressOf(tx, watch.id)), now);
  }
  await tx.delistingWatch.updateMany({
    where: { id: watch.id, status: "checking", lookupId: watch.lookupId, round: watch.round },
    data: {
      lookupId: null,
      round: watch.round + 1,
      roundErrors: 0,
      errorCode: code,
      notBefore: moments[watch.round]!,
    },
  });
}

const watched = (d: StoredDebt) => ({
  id: d.debtId,
  type: d.type as DebtType,
  title: d.title,
  amountCents: d.amountCents,
  dueDate: d.dueDate,
  hasDiscount: d.hasDiscount,
  year: d.year,
  ait: d.ait,
});

const WATCH_SELECT = {
  id: true,
  paymentId: true,
  settledAt: true,
  round: true,
  roundErrors: true,
  lookupId: true,
} as const;

/** The watch whose current check this lookup is, with the vehicle's UF (for the SP window). */
async function watchOfLookup(tx: Tx, lookupRowId: string): Promise<Watch | null> {
  const w = await tx.delistingWatch.findFirst({
    where: { lookupId: lookupRowId, status: "checking" },
    select: WATCH_SELECT,
  });
  if (!w) return null;
  const lookup = await tx.lookup.findUnique({ where: { id: lookupRowId }, select: { uf: true } });
  return { ...w, uf: lookup?.uf ?? "" };
}

/** Settles each result that is a watch's current check; the others are not ours (or too late). */
export async function settleChecks(
  tx: Tx,
  now: Date,
  results: readonly CheckResult[],
): Promise<void> {
  for (const result of results) {
    const watch = await watchOfLookup(tx, result.lookupRowId);
    if (!watch) continue;
    if (result.status !== "debts" && result.status !== "no_debts") {
      const code =
        result.status === "error"
          ? authorityFailure(result.errorCode)
          : result.status === "not_found"
            ? "UPSTREAM_NOT_FOUND"
            : failedLookupCode(result.errorCode);
      await checkFailed(tx, watch, code, now);
      continue;
    }
    const moments = checkMoments(watch.settledAt, env.delisting.checkDays);
    const last = watch.round >= moments.length;
    await tx.delistingCheck.updateMany({
      where: { lookupId: result.lookupRowId, outcome: null },
      data: { outcome: "listed", endedAt: now },
    });
    const before = await progressOf(tx, watch.id);
    const after = applyCheck(before, {
      lookupId: result.lookupRowId,
      at: now,
      listed: result.debts.map(watched),
      last,
    });
    await writeProgress(tx, watch.id, before, after);
    if (isDecided(after)) {
      await decide(tx, watch, after, now);
      continue;
    }
    await tx.delistingWatch.updateMany({
      where: { id: watch.id, status: "checking", lookupId: result.lookupRowId },
      data: {
        lookupId: null,
        round: watch.round + 1,
        roundErrors: 0,
        errorCode: null,
        notBefore: moments[watch.round]!,
      },
    });
  }
}

/** For the job: a check whose lookup never answered, or was refused before it was sent. */
export async function failCheck(
  tx: Tx,
  lookupRowId: string,
  code: StoredErrorCode,
  now: Date,
): Promise<void> {
  const watch = await watchOfLookup(tx, lookupRowId);
  if (watch) await checkFailed(tx, watch, code, now);
}

/** For the job: the payment's lookup lost its personal data (a person's request): nothing to check with. */
export async function giveUpWatch(tx: Tx, watchId: string, now: Date): Promise<void> {
  const w = await tx.delistingWatch.findUnique({
    where: { id: watchId },
    select: WATCH_SELECT,
  });
  if (!w) return;
  await decide(tx, { ...w, uf: "" }, giveUpChecks(await progressOf(tx, w.id)), now);
}
