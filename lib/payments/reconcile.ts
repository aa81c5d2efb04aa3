import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import {
  mayConcludeNotCreated,
  pollHasNothingToLearn,
  QUIET_AFTER_ANSWER_MS,
} from "@/lib/rules/payment-states";
import {
  isFinal,
  isKnownPaymentStatus,
  isOurConclusion,
  isSettled,
} from "@/lib/rules/payment-status";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { applyPaymentUpdate, concludeNotCreated, type PaymentUpdateSource } from "./apply-update";
import { recoverPixCode } from "./recover-pix";
import {
  confirmSpacingMs,
  nextConfirmAt,
  nextStatusCheckAt,
  statusCheckIntervalMs,
  takeConfirmCallSlot,
  takeStatusCallSlot,
} from "./status-call-spacing";
import { processSingleton } from "@/lib/server/singleton";
import { clock } from "@/lib/clock";

// Asks the upstream status endpoint about one payment and applies the answer (forward-only).
// Two kinds of call, each behind its own fleet-wide spacing (status-call-spacing.ts):
// - a poll (status page, sweep): at most one per payment per STATUS_CHECK_INTERVAL_MS, and none
//   while there is nothing to learn yet (lib/rules/payment-states.ts, pollHasNothingToLearn);
// - a confirmation (an event arrived): at most one per payment per STATUS_CONFIRM_SPACING_MS.
// In this process, concurrent callers share the one call in flight, and a poll slot seen closed
// is remembered until it reopens, so a poll inside a closed window costs no query at all. Those
// maps are only shortcuts: the spacing columns decide.

const log = moduleLogger("payment-status");

type InFlight = { startedAt: number; done: Promise<true | Date> };
type Local = { inFlight: Map<string, InFlight>; closedUntil: Map<string, number> };
const local = processSingleton<Local>("payments.status-checks", () => ({
  inFlight: new Map(),
  closedUntil: new Map(),
}));
const MAX_REMEMBERED = 10_000;

function remember(paymentRowId: string, until: number): void {
  if (local.closedUntil.size >= MAX_REMEMBERED) {
    const now = Date.now();
    for (const [id, t] of local.closedUntil) if (t <= now) local.closedUntil.delete(id);
    if (local.closedUntil.size >= MAX_REMEMBERED) local.closedUntil.clear();
  }
  local.closedUntil.set(paymentRowId, until);
}

type Kind = "poll" | "confirmation";

function track(paymentRowId: string, run: () => Promise<true | Date>): Promise<true | Date> {
  const entry: InFlight = {
    startedAt: Date.now(),
    done: run().finally(() => local.inFlight.delete(paymentRowId)),
  };
  local.inFlight.set(paymentRowId, entry);
  return entry.done;
}

/** Checked now (true), or this kind's slot is closed until the returned instant. */
function attempt(
  paymentRowId: string,
  kind: Kind,
  startedAfter = 0,
  at?: Date,
  read?: PaymentRow,
): Promise<true | Date> {
  const joined = local.inFlight.get(paymentRowId);
  if (joined && joined.startedAt >= startedAfter) return joined.done;
  return track(paymentRowId, async () => {
    // Read first: between winning the slot and sending, nothing else waits (the budget is counted
    // where the call arrives, and under load every await adds lag). A row the caller read an
    // instant ago stands for it: the slot columns decide, not this read.
    const payment = read ?? (await db.payment.findUnique({ where: { id: paymentRowId } }));
    if (!payment || isDone(payment)) return true;
    // `at`: the instant a caller judges by (the sweep's "now"): what there is to learn, and the
    // grace. The spacings always count real time: they are the fleet's budget.
    const now = clock.now();
    const judged = at ?? now;
    if (kind === "poll") {
      if (pollHasNothingToLearn(payment, judged, quietMs())) return quietUntil(payment);
      if (!(await takeStatusCallSlot(paymentRowId, now))) {
        const reopens = (await nextStatusCheckAt(paymentRowId)) ?? new Date(now.getTime() + 1_000);
        remember(paymentRowId, reopens.getTime());
        return reopens;
      }
      remember(paymentRowId, now.getTime() + statusCheckIntervalMs());
    } else if (
      !(await takeConfirmCallSlot(paymentRowId, confirmSpacingMs(payment.unconfirmedEvents), now))
    ) {
      return (await nextConfirmAt(paymentRowId)) ?? new Date(now.getTime() + 1_000);
    }
    await checkPaymentNow(payment, kind === "poll" ? "reconcile" : "confirmation", judged).catch(
      (error: unknown) => {
        // Best effort: the sweep retries later, and a status page must not fail because of it.
        log.warn({ err: error, paymentRowId, kind }, "status call failed");
      },
    );
    return true;
  });
}

const quietMs = () => Math.min(QUIET_AFTER_ANSWER_MS, statusCheckIntervalMs());

function quietUntil(p: { createdAt: Date; lastCheckedAt: Date | null }): Date {
  const from = Math.max(p.createdAt.getTime(), p.lastCheckedAt?.getTime() ?? 0);
  return new Date(from + quietMs());
}

/**
 * For status pages and the sweep. Resolves true when an upstream check ran (or was joined), so
 * the stored payment may have changed; false when nothing was asked (slot closed, or nothing to
 * learn yet), so a caller holding a fresh read need not read again (the status endpoint's hot path).
 */
export const reconcilePayment = (paymentRowId: string, now?: Date): Promise<boolean> =>
  reconcile(paymentRowId, now);

/** The status poll's: the payment row it has just read is the reconcile's read (one statement fewer). */
export const reconcileReadPayment = (payment: PaymentRow): Promise<boolean> =>
  reconcile(payment.id, undefined, payment);

async function reconcile(paymentRowId: string, now?: Date, read?: PaymentRow): Promise<boolean> {
  if (!local.inFlight.has(paymentRowId) && (local.closedUntil.get(paymentRowId) ?? 0) > Date.now())
    return false;
  return (await attempt(paymentRowId, "poll", 0, now, read)) === true;
}

/**
 * For a received event: a status call now if the confirmation spacing allows (or joins a call here
 * that started after the event arrived), else when it reopens. The event's inbox row is then
 * deferred to that instant (lib/jobs), not waited for, so the dispatcher keeps applying others.
 */
export async function confirmForEvent(
  paymentRowId: string,
  receivedAt: Date,
): Promise<{ checked: true } | { retryAt: Date }> {
  const r = await attempt(paymentRowId, "confirmation", receivedAt.getTime());
  return r === true ? { checked: true } : { retryAt: r };
}

/**
 * Nothing left to learn: a final status that will never settle, or a settled payment. A payment
 * we concluded ourselves (not created, abandoned) is not done: the upstream's proof reopens it.
 */
export function isDone(p: { status: string; liquidationStatus: string | null }): boolean {
  if (!isFinal(p.status) || isOurConclusion(p.status)) return false;
  return p.status !== "paid" || isSettled(p.liquidationStatus);
}

const toDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

type PaymentRow = NonNullable<Awaited<ReturnType<typeof db.payment.findUnique>>>;

const CALL_PURPOSE: Record<PaymentUpdateSource, string> = {
  reconcile: "poll",
  confirmation: "confirmation",
  sync: "renewal",
};

/** One status call now, outside the spacing: for a renewal, which must know the old code expired. */
export async function checkPaymentNow(
  payment: PaymentRow,
  source: PaymentUpdateSource = "sync",
  now = clock.now(),
): Promise<void> {
  const paymentRowId = payment.id;
  const purpose = CALL_PURPOSE[source];
  // By paymentId when we have it; otherwise the synchronous answer never came and we ask by the
  // ids we sent or were given.
  const ref = payment.paymentId
    ? { paymentId: payment.paymentId }
    : payment.transactionId
      ? { transactionId: payment.transactionId }
      : { externalId: payment.externalId };
  let s: Awaited<ReturnType<typeof upstream.getPaymentStatus>>;
  try {
    s = await upstream.getPaymentStatus(ref);
  } catch (error) {
    if (isUpstreamError(error) && error.httpStatus === 404) {
      metrics.paymentStatusCalls.inc({ purpose, outcome: "not_found" });
      await recordNotFound(payment, now);
      return;
    }
    metrics.paymentStatusCalls.inc({ purpose, outcome: "failed" });
    throw error;
  }
  metrics.paymentStatusCalls.inc({ purpose, outcome: "answered" });
  if (!isKnownPaymentStatus(s.status)) {
    // Kept as the upstream's own value (shown "em verificação com a operadora", holds its debts).
    metrics.paymentUnknownValues.inc({ source: "status-endpoint", field: "status" });
    log.warn(
      { paymentRowId, status: s.status },
      "the status endpoint returned a status we do not know",
    );
  }
  await applyPaymentUpdate(
    paymentRowId,
    {
      status: s.status,
      liquidationStatus: s.liquidationStatus ?? null,
      amountCents: s.amountCents ?? undefined,
      paidAt: toDate(s.paidAt),
      settledAt: toDate(s.settledAt),
      paymentId: s.paymentId ?? undefined,
      debts: (s.debts ?? []).map((d) => ({
        id: d.id,
        status: d.status,
        settledAt: toDate(d.settledAt),
      })),
    },
    source === "sync" ? "reconcile" : source,
  );
  // The status endpoint carries no code: a PIX it says awaits payment, whose code our call never
  // brought back (a crash mid-call, a late creation), gets it from a replay of that call, or ends.
  if (payment.method === "pix" && s.status === "awaiting_payment" && payment.pixCode === null)
    await recoverPixCode(paymentRowId);
}

/**
 * The upstream does not know this attempt. Within the grace after our call that is "not yet" (a
 * call that failed or timed out may still create it); past it, an attempt the upstream never
 * confirmed is concluded not created, with the evidence on its timeline.
 */
async function recordNotFound(payment: PaymentRow, now: Date): Promise<void> {
  const row = await db.payment.update({
    where: { id: payment.id },
    // increment on NULL stays NULL in SQL: the first 404 sets the count.
    data: {
      notFoundSince: payment.notFoundSince ?? now,
      notFoundCount: payment.notFoundCount === null ? 1 : { increment: 1 },
      lastCheckedAt: clock.now(),
    },
    select: {
      notFoundSince: true,
      notFoundCount: true,
      status: true,
      paymentId: true,
      createdAt: true,
      callError: true,
      externalId: true,
    },
  });
  const count = row.notFoundCount ?? 1;
  if (!mayConcludeNotCreated(row, now, env.paymentNotFoundGraceMs)) {
    log.info(
      { paymentRowId: payment.id, notFoundCount: count },
      "the upstream does not know this payment yet",
    );
    return;
  }
  const detail =
    `Nossa chamada de pagamento em ${row.createdAt.toISOString()} ficou sem resposta` +
    (row.callError ? ` (${row.callError})` : "") +
    `; a consulta de status pelo externalId ${row.externalId} respondeu 404 ${count} vez(es), ` +
    `de ${(row.notFoundSince ?? now).toISOString()} a ${now.toISOString()}, depois da carência de ${Math.round(env.paymentNotFoundGraceMs / 1000)} s.`;
  if (await concludeNotCreated(payment.id, detail)) {
    metrics.paymentConclusions.inc();
    log.warn(
      { paymentRowId: payment.id, notFoundCount: count },
      "payment concluded not created: its debts are free again",
    );
  }
}
