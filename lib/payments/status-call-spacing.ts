import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { clock } from "@/lib/clock";

// The upstream status-call budget for the whole fleet. Polls: at most one call per payment per
// STATUS_CHECK_INTERVAL_MS (31 s: 2 a minute as the upstream counts them, transit jitter included),
// whatever the number of instances, polls, sweeps and webhook hints. A caller may call only after
// moving Payment.nextStatusCheckAt from <= now to now + the interval in ONE conditional update; the
// count says who won (SQLite serialises writers, PostgreSQL re-checks the WHERE on the locked row).
// Instances' clocks must agree (NTP): a skew of d seconds shortens the spacing by d.

type PaymentWriter = {
  payment: { updateMany(args: { where: object; data: object }): Promise<{ count: number }> };
};

export const statusCheckIntervalMs = () => env.statusCheckIntervalMs;

/** True when this caller may make ONE status call for the payment now. */
export async function takeStatusCallSlot(
  paymentRowId: string,
  now = clock.now(),
  tx: PaymentWriter = db,
): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: {
      id: paymentRowId,
      OR: [{ nextStatusCheckAt: null }, { nextStatusCheckAt: { lte: now } }],
    },
    data: {
      nextStatusCheckAt: new Date(now.getTime() + statusCheckIntervalMs()),
      statusCheckAt: now,
    },
  });
  return count === 1;
}

/**
 * The spacing of confirmations for a payment: STATUS_CONFIRM_SPACING_MS, doubled by each event in a
 * row the status endpoint did not confirm, never beyond the polls' spacing. A real event costs one
 * quick call; a flood of forged ones soon costs what polling costs.
 */
export function confirmSpacingMs(unconfirmedEvents: number | null): number {
  const doublings = Math.min(unconfirmedEvents ?? 0, 16);
  return Math.min(
    env.statusConfirmSpacingMs * 2 ** doublings,
    Math.max(env.statusConfirmSpacingMs, statusCheckIntervalMs()),
  );
}

/**
 * True when this caller may make ONE status call now to confirm an event it received. Its own
 * column and spacing: a confirmation does not wait for the polls' 31 s (a paid PIX would show half
 * a minute late), and a flood of events, forged or replayed, stays bounded per payment. It records
 * the call's start like a poll does.
 */
export async function takeConfirmCallSlot(
  paymentRowId: string,
  spacingMs: number,
  now = clock.now(),
  tx: PaymentWriter = db,
): Promise<boolean> {
  const { count } = await tx.payment.updateMany({
    where: { id: paymentRowId, OR: [{ nextConfirmAt: null }, { nextConfirmAt: { lte: now } }] },
    data: { nextConfirmAt: new Date(now.getTime() + spacingMs), statusCheckAt: now },
  });
  return count === 1;
}

/** An event judged: confirmed resets the spacing, contradicted doubles it. */
export async function recordEventJudged(paymentRowId: string, confirmed: boolean): Promise<void> {
  // One statement either way: two instances judging events of one payment both count.
  if (confirmed)
    await db.payment.updateMany({
      where: { id: paymentRowId, NOT: { unconfirmedEvents: null } },
      data: { unconfirmedEvents: null },
    });
  else
    await db.$executeRaw`UPDATE "Payment" SET "unconfirmedEvents" = COALESCE("unconfirmedEvents", 0) + 1 WHERE "id" = ${paymentRowId}`;
}

/** When a confirmation is next allowed for this payment (null: now, or no such payment). */
export async function nextConfirmAt(paymentRowId: string): Promise<Date | null> {
  const p = await db.payment.findUnique({
    where: { id: paymentRowId },
    select: { nextConfirmAt: true },
  });
  return p?.nextConfirmAt ?? null;
}

/** When the budget next allows a call for this payment (null: now, or no such payment). */
export async function nextStatusCheckAt(paymentRowId: string): Promise<Date | null> {
  const p = await db.payment.findUnique({
    where: { id: paymentRowId },
    select: { nextStatusCheckAt: true },
  });
  return p?.nextStatusCheckAt ?? null;
}
