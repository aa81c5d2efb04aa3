import "server-only";
import { db } from "@/lib/db/client";
import { QUIET_AFTER_ANSWER_MS } from "@/lib/rules/payment-states";
import { FINAL_PAYMENT_STATUSES } from "@/lib/rules/payment-status";
import { reconcilePayment } from "./reconcile";
import { clock } from "@/lib/clock";
import { inSpan, linksTo } from "@/lib/tracing/trace";

// Background sweep: webhooks get lost (the upstream gives up after its 90-minute retry), so on
// every background tick (lib/background, BACKGROUND_TICK_MS) we ask the status endpoint
// about payments nobody resolved. It runs on every instance; each payment goes through
// reconcilePayment, whose status-call spacing (status-call-spacing.ts) lets ONE instance check it per window: the others' conditional update loses and they move on. A
// payment whose checker crashed is free again when that window ends, and the next sweep takes it.

/** A payment younger than this is still expected to be answered by webhook (and its confirmation). */
export const SWEEP_MIN_AGE_MS = QUIET_AFTER_ANSWER_MS;
/**
 * An attempt we concluded ourselves (not created, abandoned) is still asked about, rarely, for as
 * long as the upstream may deliver a late event (its last webhook retry comes 90 min after the first): an answer proving the
 * payment exists reopens it, even if that event was lost too.
 */
const NOT_CREATED_WATCH_MS = 2 * 60 * 60_000;
const NOT_CREATED_RECHECK_MS = 10 * 60_000;
/** Paid but not yet settled: settlement takes minutes to days, so check it less often. */
const SETTLEMENT_RECHECK_MS = 2 * 60_000;
/** Bounded per run: the upstream allows 1,000 requests per minute for everything we do. */
const MAX_PER_SWEEP = 50;

export async function sweepPayments(now = clock.now()): Promise<number> {
  const young = new Date(now.getTime() - SWEEP_MIN_AGE_MS);
  const settleBefore = new Date(now.getTime() - SETTLEMENT_RECHECK_MS);
  const watchedSince = new Date(now.getTime() - NOT_CREATED_WATCH_MS);
  const notCreatedBefore = new Date(now.getTime() - NOT_CREATED_RECHECK_MS);
  const due = await db.payment.findMany({
    where: {
      // Payments another caller checked within the window would lose the slot anyway: skip them here.
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
        {
          status: { in: ["not_created", "abandoned"] },
          createdAt: { gt: watchedSince },
          lastCheckedAt: { lt: notCreatedBefore },
        },
      ],
    },
    orderBy: { lastCheckedAt: { sort: "asc", nulls: "first" } },
    take: MAX_PER_SWEEP,
    select: { id: true, traceparent: true },
  });
  // One after the other: a sweep is background work and must not burst the rate limit. Each one
  // its own trace, carrying the payment's id and linked to the request that created it.
  for (const p of due)
    await inSpan(
      "payment reconcile",
      { root: true, attributes: { "payment.id": p.id }, links: linksTo(p.traceparent) },
      () => reconcilePayment(p.id, now),
    );
  return due.length;
}
