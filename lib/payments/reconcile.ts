import "server-only";
import { db } from "@/lib/db/client";
import { isFinal, isSettled } from "@/lib/rules/payment-status";
import { upstream } from "@/lib/upstream/client";
import { webhookLog } from "@/lib/webhooks/logger";
import { applyPaymentUpdate } from "./apply-update";

// Asks the upstream status endpoint about one payment and applies the answer (forward-only).
// Coalesced: however many status pages poll and webhooks hint, concurrent callers share ONE
// in-flight call per payment. Two windows since the last call:
// - POLL_WINDOW_MS for status pages and the sweep: polling is driven by how many people watch, so
//   it may cost at most one call per payment per 30 s (<= 2 a minute, the budget in README);
// - RECONCILE_WINDOW_MS for webhook hints (trailing): those follow upstream events, not viewers,
//   and a `paid` hint must be confirmed promptly.
// State lives on globalThis so Next's dev reloads keep one map per process.

export const RECONCILE_WINDOW_MS = 5_000;
export const POLL_WINDOW_MS = 30_000;

type Slot = { inFlight?: Promise<true>; lastCallAt: number; trailing?: Promise<true> };
const globalSlots = globalThis as unknown as { __reconcileSlots?: Map<string, Slot> };
const slots = (globalSlots.__reconcileSlots ??= new Map<string, Slot>());

export type ReconcileOptions = {
  /**
   * When the window is closed, wait for it and call then (shared by every caller in that window).
   * The webhook handler wants this (a `paid` hint must be checked); a polling page does not.
   */
  trailing?: boolean;
};

/**
 * Resolves true when an upstream check ran (or was joined), so the stored payment may have
 * changed; false when the poll window was closed and nothing was asked, so a caller holding a
 * fresh read need not read again (the status endpoint's hot path under polling).
 */
export function reconcilePayment(paymentRowId: string, options: ReconcileOptions = {}): Promise<boolean> {
  const slot = slots.get(paymentRowId) ?? { lastCallAt: 0 };
  slots.set(paymentRowId, slot);
  if (slot.inFlight) return slot.inFlight;
  if (!options.trailing) {
    return slot.lastCallAt + POLL_WINDOW_MS <= Date.now() ? start(paymentRowId, slot) : Promise.resolve(false);
  }
  const wait = slot.lastCallAt + RECONCILE_WINDOW_MS - Date.now();
  if (wait <= 0) return start(paymentRowId, slot);
  slot.trailing ??= new Promise<void>((resolve) => setTimeout(resolve, wait).unref?.()).then((): Promise<true> => {
    slot.trailing = undefined;
    return slot.inFlight ?? start(paymentRowId, slot);
  });
  return slot.trailing;
}

function start(paymentRowId: string, slot: Slot): Promise<true> {
  slot.lastCallAt = Date.now();
  const p = check(paymentRowId)
    .catch((error: unknown) => {
      // Best effort: the sweep retries later, and a status page must not fail because of it.
      webhookLog.warn({ err: error, paymentRowId }, "reconcile failed");
    })
    .then(() => true as const)
    .finally(() => {
      slot.inFlight = undefined;
      // Drop idle slots after the window so the map does not grow with every payment ever seen.
      setTimeout(() => {
        if (!slot.inFlight && !slot.trailing && slots.get(paymentRowId) === slot) slots.delete(paymentRowId);
      }, POLL_WINDOW_MS).unref?.();
    });
  slot.inFlight = p;
  return p;
}

/** Nothing left to learn: a final status that will never settle, or a settled payment. */
export function isDone(p: { status: string; liquidationStatus: string | null }): boolean {
  if (!isFinal(p.status)) return false;
  return p.status !== "paid" || isSettled(p.liquidationStatus);
}

const toDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

async function check(paymentRowId: string): Promise<void> {
  const payment = await db.payment.findUnique({ where: { id: paymentRowId } });
  if (!payment || isDone(payment)) return;
  // By paymentId when we have it; otherwise the synchronous answer never came and we ask by the
  // ids we sent or were given.
  const ref = payment.paymentId
    ? { paymentId: payment.paymentId }
    : payment.transactionId
      ? { transactionId: payment.transactionId }
      : { externalId: payment.externalId };
  const s = await upstream.getPaymentStatus(ref);
  await applyPaymentUpdate(
    paymentRowId,
    {
      status: s.status,
      liquidationStatus: s.liquidationStatus ?? null,
      amountCents: s.amountCents ?? undefined,
      paidAt: toDate(s.paidAt),
      settledAt: toDate(s.settledAt),
      paymentId: s.paymentId ?? undefined,
      debts: (s.debts ?? []).map((d) => ({ id: d.id, status: d.status, settledAt: toDate(d.settledAt) })),
    },
    "reconcile",
  );
}
