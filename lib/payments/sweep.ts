import "server-only";
import { db } from "@/lib/db/client";
import { FINAL_PAYMENT_STATUSES } from "@/lib/rules/payment-status";
import { webhookLog } from "@/lib/webhooks/logger";
import { reconcilePayment } from "./reconcile";

// Background sweep: webhooks get lost (the upstream gives up after its 90-minute retry), so every
// SWEEP_INTERVAL_MS we ask the status endpoint about payments nobody resolved. It runs on every
// instance; each payment goes through reconcilePayment, whose status lease (status-lease.ts) lets
// ONE instance check it per window: the others' conditional update loses and they move on. A
// payment whose checker crashed is free again when that lease ends, and the next sweep takes it.

export const SWEEP_INTERVAL_MS = 30_000;
/** A payment younger than this is still expected to be answered by webhook. */
export const SWEEP_MIN_AGE_MS = 20_000;
/** Paid but not yet settled: settlement takes minutes to days, so check it less often. */
const SETTLEMENT_RECHECK_MS = 2 * 60_000;
/** Bounded per run: the upstream allows 1,000 requests per minute for everything we do. */
const MAX_PER_SWEEP = 50;

export async function sweepPayments(now = new Date()): Promise<number> {
  const young = new Date(now.getTime() - SWEEP_MIN_AGE_MS);
  const settleBefore = new Date(now.getTime() - SETTLEMENT_RECHECK_MS);
  const due = await db.payment.findMany({
    where: {
      // Payments another caller checked within the window would lose the lease anyway: skip them here.
      AND: [{ OR: [{ nextStatusCheckAt: null }, { nextStatusCheckAt: { lte: now } }] }],
      OR: [
        {
          status: { notIn: [...FINAL_PAYMENT_STATUSES] },
          createdAt: { lt: young },
          OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lt: young } }],
        },
        {
          status: "paid",
          NOT: { liquidationStatus: "settled" },
          OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lt: settleBefore } }],
        },
      ],
    },
    orderBy: { lastCheckedAt: { sort: "asc", nulls: "first" } },
    take: MAX_PER_SWEEP,
    select: { id: true },
  });
  // One after the other: a sweep is background work and must not burst the rate limit.
  for (const p of due) await reconcilePayment(p.id);
  return due.length;
}

/** Starts the sweep; the returned stop() resolves once a sweep already running has finished. */
export function startPaymentSweep(run: () => Promise<unknown> = sweepPayments): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return; // a slow upstream must not stack sweeps
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => webhookLog.error({ err: error }, "payment sweep failed"))
      .finally(() => (running = undefined));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
