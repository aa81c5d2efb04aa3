import "server-only";
import { db } from "@/lib/db/client";
import { applyPaymentUpdate } from "@/lib/payments/apply-update";
import { env } from "@/lib/env";
import { RetryLater } from "@/lib/jobs";
import { isDone, reconcileForHint } from "@/lib/payments/reconcile";
import { isFinal, isSettled } from "@/lib/rules/payment-status";
import type { PaymentStatusUpdateEvent } from "../schemas";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `payment-status-update`. Unsigned, so it is a hint: a non-final step (processing, in_analysis)
// is applied as is (forward-only, harmless), but `paid`/`refused`/`expired` or a settlement is
// written only from the status endpoint's answer, within the fleet's status-call budget
// (status-lease.ts): a hint the budget cannot serve now is deferred (RetryLater) to the instant it
// reopens, and a status call answered after the hint arrived (a poll's, the sweep's) settles it
// without another call. Ids in the event are never written from here: a forged paymentId must
// not redirect later status queries.

async function findOwnPayment(e: PaymentStatusUpdateEvent) {
  const select = { id: true, paymentId: true, transactionId: true, externalId: true } as const;
  const payment =
    (await db.payment.findUnique({ where: { externalId: e.externalId }, select })) ??
    (await db.payment.findUnique({ where: { paymentId: e.paymentId }, select }));
  if (!payment) return null;
  // Whatever we already know must agree with the event.
  if (payment.paymentId !== null && payment.paymentId !== e.paymentId) return null;
  if (payment.transactionId !== null && payment.transactionId !== e.transactionId) return null;
  return payment;
}

/** While another instance's status call started after the hint is still unanswered. */
const IN_FLIGHT_RECHECK_MS = 2_000;

type Seen = { status: string; liquidationStatus: string | null; statusCheckAt: Date | null; lastCheckedAt: Date | null };
const readSeen = (id: string): Promise<Seen> =>
  db.payment.findUniqueOrThrow({ where: { id }, select: { status: true, liquidationStatus: true, statusCheckAt: true, lastCheckedAt: true } });

function confirms(now: Seen, e: PaymentStatusUpdateEvent): boolean {
  const statusConfirmed = now.status === e.status || (isFinal(now.status) && !isFinal(e.status));
  const settlementConfirmed = !isSettled(e.liquidationStatus) || isSettled(now.liquidationStatus);
  return statusConfirmed && settlementConfirmed;
}

export async function handlePaymentStatusUpdate(e: PaymentStatusUpdateEvent, ctx: { receivedAt: Date }): Promise<HandlerOutcome> {
  const payment = await findOwnPayment(e);
  if (!payment) return unmatched("no payment of ours with this externalId/paymentId");

  if (!isFinal(e.status) && !isSettled(e.liquidationStatus)) {
    await applyPaymentUpdate(payment.id, { status: e.status, liquidationStatus: e.liquidationStatus ?? undefined }, "webhook");
    return applied();
  }

  // Final statuses and settlements are stored only from the upstream's own answers (the payment
  // call or the status endpoint), so a stored state that already says it needs no call.
  const seen = await readSeen(payment.id);
  if (confirms(seen, e)) return applied("confirmed by the status endpoint");
  const startedSince = seen.statusCheckAt !== null && seen.statusCheckAt >= ctx.receivedAt;
  const answeredSince = startedSince && seen.lastCheckedAt !== null && seen.lastCheckedAt >= seen.statusCheckAt!;
  if (!answeredSince) {
    // Joins a call in flight here, takes the lease, or learns when it reopens.
    const r = await reconcileForHint(payment.id);
    if ("retryAt" in r) {
      // A call started after the hint on another instance is answered within the upstream timeout:
      // look again soon rather than a whole window later (past that timeout it failed: wait).
      const inFlightElsewhere = startedSince && Date.now() - seen.statusCheckAt!.getTime() < env.upstreamTimeoutMs + 1_000;
      const at = inFlightElsewhere ? new Date(Math.min(r.retryAt.getTime(), Date.now() + IN_FLIGHT_RECHECK_MS)) : r.retryAt;
      throw new RetryLater(at, "status-call budget closed");
    }
  }
  const now = await readSeen(payment.id);
  if (confirms(now, e)) return applied("confirmed by the status endpoint");
  // The call failed (no answer applied since it started): retry the hint with backoff rather than
  // record a real `paid` as not confirmed. A payment with nothing left to learn is never asked.
  const answered = now.statusCheckAt !== null && now.lastCheckedAt !== null && now.lastCheckedAt >= now.statusCheckAt;
  if (!answered && !isDone(now)) throw new Error("the status endpoint did not answer; the hint is retried");
  return ignored(`not confirmed by the status endpoint (upstream: ${now.status}/${now.liquidationStatus ?? "-"})`);
}
