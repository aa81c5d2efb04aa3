import "server-only";
import { db } from "@/lib/db/client";
import { applyPaymentUpdate } from "@/lib/payments/apply-update";
import { reconcilePayment } from "@/lib/payments/reconcile";
import { isFinal, isSettled } from "@/lib/rules/payment-status";
import type { PaymentStatusUpdateEvent } from "../schemas";
import { applied, ignored, unmatched, type HandlerOutcome } from "./outcome";

// `payment-status-update`. Unsigned, so it is a hint: a non-final step (processing, in_analysis)
// is applied as is (forward-only, harmless), but `paid`/`refused`/`expired` or a settlement is
// written only from the status endpoint's answer (reconcilePayment: coalesced, and it waits for
// the 5 s window rather than skip it). Ids in the event are never written from here: a forged
// paymentId must not redirect later status queries.

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

export async function handlePaymentStatusUpdate(e: PaymentStatusUpdateEvent): Promise<HandlerOutcome> {
  const payment = await findOwnPayment(e);
  if (!payment) return unmatched("no payment of ours with this externalId/paymentId");

  if (!isFinal(e.status) && !isSettled(e.liquidationStatus)) {
    await applyPaymentUpdate(payment.id, { status: e.status, liquidationStatus: e.liquidationStatus ?? undefined }, "webhook");
    return applied();
  }

  await reconcilePayment(payment.id, { trailing: true });
  const now = await db.payment.findUniqueOrThrow({ where: { id: payment.id }, select: { status: true, liquidationStatus: true } });
  const statusConfirmed = now.status === e.status || (isFinal(now.status) && !isFinal(e.status));
  const settlementConfirmed = !isSettled(e.liquidationStatus) || isSettled(now.liquidationStatus);
  if (statusConfirmed && settlementConfirmed) return applied("confirmed by the status endpoint");
  return ignored(`not confirmed by the status endpoint (upstream: ${now.status}/${now.liquidationStatus ?? "-"})`);
}
