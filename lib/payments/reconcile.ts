import "server-only";
import { db } from "@/lib/db/client";
import { isFinal, isSettled } from "@/lib/rules/payment-status";
import { upstream } from "@/lib/upstream/client";
import { webhookLog } from "@/lib/webhooks/logger";
import { applyPaymentUpdate } from "./apply-update";
import { nextStatusCheckAt, statusCheckIntervalMs, takeStatusLease } from "./status-lease";

// Asks the upstream status endpoint about one payment and applies the answer (forward-only).
// Every call first takes the fleet-wide status lease (status-lease.ts): at most one call per
// payment per interval across all instances. In this process, concurrent callers also share the
// one call in flight, and a lease seen closed is remembered until it reopens, so a poll inside a
// closed window costs no query at all. Those maps are only shortcuts: the lease column decides.
// (Why the per-process slots this replaces could start two calls at once: docs/webhooks.md.)

type Local = { inFlight: Map<string, Promise<true | Date>>; closedUntil: Map<string, number> };
const g = globalThis as unknown as { __statusChecks?: Local };
const local: Local = (g.__statusChecks ??= { inFlight: new Map(), closedUntil: new Map() });
const MAX_REMEMBERED = 10_000;

function remember(paymentRowId: string, until: number): void {
  if (local.closedUntil.size >= MAX_REMEMBERED) {
    const now = Date.now();
    for (const [id, t] of local.closedUntil) if (t <= now) local.closedUntil.delete(id);
    if (local.closedUntil.size >= MAX_REMEMBERED) local.closedUntil.clear();
  }
  local.closedUntil.set(paymentRowId, until);
}

/** Checked now (true), or the budget is closed until the returned instant. */
function attempt(paymentRowId: string): Promise<true | Date> {
  const joined = local.inFlight.get(paymentRowId);
  if (joined) return joined;
  const p = (async (): Promise<true | Date> => {
    // Read first: between winning the lease and sending, nothing else waits (the budget is counted
    // where the call arrives, and under load every await adds lag).
    const payment = await db.payment.findUnique({ where: { id: paymentRowId } });
    if (!payment || isDone(payment)) return true;
    const now = new Date();
    if (!(await takeStatusLease(paymentRowId, now))) {
      const reopens = (await nextStatusCheckAt(paymentRowId)) ?? new Date(now.getTime() + 1_000);
      remember(paymentRowId, reopens.getTime());
      return reopens;
    }
    remember(paymentRowId, now.getTime() + statusCheckIntervalMs());
    await checkPaymentNow(payment).catch((error: unknown) => {
      // Best effort: the sweep retries later, and a status page must not fail because of it.
      webhookLog.warn({ err: error, paymentRowId }, "reconcile failed");
    });
    return true;
  })().finally(() => local.inFlight.delete(paymentRowId));
  local.inFlight.set(paymentRowId, p);
  return p;
}

/**
 * For status pages and the sweep. Resolves true when an upstream check ran (or was joined), so
 * the stored payment may have changed; false when the budget was closed and nothing was asked,
 * so a caller holding a fresh read need not read again (the status endpoint's hot path).
 */
export async function reconcilePayment(paymentRowId: string): Promise<boolean> {
  if (!local.inFlight.has(paymentRowId) && (local.closedUntil.get(paymentRowId) ?? 0) > Date.now()) return false;
  return (await attempt(paymentRowId)) === true;
}

/**
 * For webhook hints: checks now if the budget allows (or joins a check in flight here), else
 * says when it reopens. The hint's inbox row is then deferred to that instant (lib/jobs), not
 * waited for, so the dispatcher keeps applying other events.
 */
export async function reconcileForHint(paymentRowId: string): Promise<{ checked: true } | { retryAt: Date }> {
  const r = await attempt(paymentRowId);
  return r === true ? { checked: true } : { retryAt: r };
}

/** Nothing left to learn: a final status that will never settle, or a settled payment. */
export function isDone(p: { status: string; liquidationStatus: string | null }): boolean {
  if (!isFinal(p.status)) return false;
  return p.status !== "paid" || isSettled(p.liquidationStatus);
}

const toDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

type PaymentRow = NonNullable<Awaited<ReturnType<typeof db.payment.findUnique>>>;

/** One status call now, outside the lease: for a renewal, which must know the old code expired. */
export async function checkPaymentNow(payment: PaymentRow): Promise<void> {
  const paymentRowId = payment.id;
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
