import "server-only";
import type { Reaction } from "@/lib/db/reactions";
import type { PaymentStatusChange } from "@/lib/payments/reactions";
import type { RadarDebtsFoundFact } from "@/lib/radar/facts";
import type { LinksExpiredFact } from "@/lib/links/facts";
import {
  batchFinishedEvent,
  linkExpiredEvent,
  linkPaymentEvent,
  radarDebtFoundEvent,
} from "@/lib/rules/api-events";
import type { BatchesFinishedFact } from "@/lib/workspace/batches/facts";
import { isSettled } from "@/lib/rules/payment-status";
import { emitApiEvent } from "./emit";

// API events are reactions to lower capabilities' facts (docs/layers.md), written in the
// transaction that commits the fact (./emit.ts); the delivery queue is woken after the commit.
// Only facts the upstream confirmed, and only a workspace account's objects.

const wake = () => void import("./worker").then(({ kickDeliveries }) => kickDeliveries());

/** link.paid and link.settled: a workspace link's payment paid, then its debts settled upstream. */
export const linkEventsOnPaymentStatus: Reaction<PaymentStatusChange> = async (
  tx,
  { paymentRowId, before, after },
) => {
  const paidNow = after.status === "paid" && before.status !== "paid";
  const settledNow =
    after.status === "paid" &&
    isSettled(after.liquidationStatus) &&
    !(before.status === "paid" && isSettled(before.liquidationStatus));
  if (!paidNow && !settledNow) return;
  const payment = await tx.payment.findUniqueOrThrow({
    where: { id: paymentRowId },
    select: {
      publicRef: true,
      method: true,
      status: true,
      liquidationStatus: true,
      amountCents: true,
      paidAt: true,
      settledAt: true,
      updatedAt: true,
      checkout: {
        select: {
          id: true,
          ownerUserId: true,
          clientId: true,
          plate: true,
          uf: true,
          amountCents: true,
          expiresAt: true,
        },
      },
    },
  });
  const { checkout } = payment;
  if (!checkout.ownerUserId) return;
  const link = {
    linkId: checkout.id,
    clientId: checkout.clientId,
    plate: checkout.plate,
    uf: checkout.uf,
    amountCents: checkout.amountCents,
    expiresAt: checkout.expiresAt,
  };
  const facts = { ...payment, paymentRef: payment.publicRef };
  let queued = false;
  if (paidNow)
    queued ||= await emitApiEvent(tx, {
      userId: checkout.ownerUserId,
      dedupeKey: `link.paid:${paymentRowId}`,
      body: linkPaymentEvent("link.paid", link, facts, payment.paidAt ?? payment.updatedAt),
    });
  if (settledNow)
    queued =
      (await emitApiEvent(tx, {
        userId: checkout.ownerUserId,
        dedupeKey: `link.settled:${paymentRowId}`,
        body: linkPaymentEvent("link.settled", link, facts, payment.settledAt ?? payment.updatedAt),
      })) || queued;
  return queued ? wake : undefined;
};

/** radar.debt_found: a workspace watch's scan found a debt its last result did not have. */
export const radarDebtFoundEvents: Reaction<RadarDebtsFoundFact> = async (tx, { now, found }) => {
  const watches = new Map(
    (
      await tx.radarWatch.findMany({
        where: { id: { in: [...new Set(found.map((f) => f.watchId))] } },
        select: {
          id: true,
          vehicle: { select: { id: true, clientId: true, plate: true, uf: true } },
        },
      })
    ).map((w) => [w.id, w.vehicle]),
  );
  let queued = false;
  for (const f of found) {
    const vehicle = watches.get(f.watchId) ?? null;
    queued =
      (await emitApiEvent(tx, {
        userId: f.userId,
        dedupeKey: `radar.debt_found:${f.dedupeKey}`,
        body: radarDebtFoundEvent(
          {
            ...f,
            debtType: f.type,
            vehicleId: vehicle?.id ?? null,
            clientId: vehicle?.clientId ?? null,
            plate: vehicle?.plate ?? null,
            uf: vehicle?.uf ?? null,
          },
          now,
        ),
      })) || queued;
  }
  return queued ? wake : undefined;
};

/** batch.finished: a lookup batch's last item ended (done or failed). Once per finish. */
export const batchFinishedEvents: Reaction<BatchesFinishedFact> = async (tx, { batches }) => {
  let queued = false;
  for (const b of batches)
    queued =
      (await emitApiEvent(tx, {
        userId: b.userId,
        dedupeKey: `batch.finished:${b.batchId}:${b.finishedAt.toISOString()}`,
        body: batchFinishedEvent(b, b.finishedAt),
      })) || queued;
  return queued ? wake : undefined;
};

/** link.expired: an account's link reached its end with no payment paid (the expiry sweep). */
export const linkExpiredEvents: Reaction<LinksExpiredFact> = async (tx, { links }) => {
  let queued = false;
  for (const l of links)
    queued =
      (await emitApiEvent(tx, {
        userId: l.ownerUserId,
        dedupeKey: `link.expired:${l.checkoutId}`,
        body: linkExpiredEvent({ ...l, linkId: l.checkoutId }, l.expiresAt),
      })) || queued;
  return queued ? wake : undefined;
};
