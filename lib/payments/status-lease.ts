import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

// The upstream status-call budget for the whole fleet: at most one call per payment per
// STATUS_CHECK_INTERVAL_MS (31 s: 2 a minute as the upstream counts them, transit jitter included),
// whatever the number of instances, polls, sweeps and webhook hints. A caller may call only after
// moving Payment.nextStatusCheckAt from <= now to now + the interval in ONE conditional update; the
// count says who won (SQLite serialises writers, PostgreSQL re-checks the WHERE on the locked row).
// Instances' clocks must agree (NTP): a skew of d seconds shortens the spacing by d.

type PaymentLeaseClient = { payment: { updateMany(args: { where: object; data: object }): Promise<{ count: number }> } };

export const statusCheckIntervalMs = () => env.statusCheckIntervalMs;

/** True when this caller may make ONE status call for the payment now. */
export async function takeStatusLease(paymentRowId: string, now = new Date(), client: PaymentLeaseClient = db): Promise<boolean> {
  const { count } = await client.payment.updateMany({
    where: { id: paymentRowId, OR: [{ nextStatusCheckAt: null }, { nextStatusCheckAt: { lte: now } }] },
    data: { nextStatusCheckAt: new Date(now.getTime() + statusCheckIntervalMs()), statusCheckAt: now },
  });
  return count === 1;
}

/** When the budget next allows a call for this payment (null: now, or no such payment). */
export async function nextStatusCheckAt(paymentRowId: string): Promise<Date | null> {
  const p = await db.payment.findUnique({ where: { id: paymentRowId }, select: { nextStatusCheckAt: true } });
  return p?.nextStatusCheckAt ?? null;
}
