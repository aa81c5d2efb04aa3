// How long a person's data is kept (LGPD: necessity), as plain functions of dates and payment
// statuses. lib/personal-data turns the cut-offs into the WHERE of its erasing statements, so the
// database re-checks the same rule on the rows it erases; docs/privacy.md is the data map.
//
// A lookup or checkout:
// - with a payment still open (not final, or a status we do not know) keeps its person: the
//   payment may still land and the comprovante names the payer;
// - with a paid payment keeps its person for the legal period after the (latest) payment;
// - otherwise (no payment, or only refused / expired / not created ones) keeps its person for the
//   unpaid period after its last activity (its creation, a checkout made from it, a payment update).
import { FINAL_PAYMENT_STATUSES } from "./payment-status";

const DAY_MS = 86_400_000;

export type RetentionPeriods = {
  unpaidDays: number;
  paidYears: number;
  webhookPayloadDays: number;
  mailDays: number;
};

export type RetentionCutoffs = {
  /** No money moved and the last activity is older: erase. */
  unpaidBefore: Date;
  /** Paid, and the latest payment is older: erase. */
  paidBefore: Date;
  /** An applied webhook delivery older than this loses its raw payload. */
  webhookPayloadBefore: Date;
  /** A delivered (or given-up) e-mail older than this loses its recipient and content; test mailbox messages go. */
  mailBefore: Date;
};

/** `date` moved by whole calendar years (UTC), as the tax law counts its five years. */
export function addYears(date: Date, years: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export function retentionCutoffs(periods: RetentionPeriods, now: Date): RetentionCutoffs {
  return {
    unpaidBefore: daysBefore(now, periods.unpaidDays),
    paidBefore: addYears(now, -periods.paidYears),
    webhookPayloadBefore: daysBefore(now, periods.webhookPayloadDays),
    mailBefore: daysBefore(now, periods.mailDays),
  };
}

export type PaymentFacts = { status: string; paidAt: Date | null; updatedAt: Date };

/** What the rule needs of a lookup or a checkout: its last own activity and every payment made from it. */
export type RecordFacts = { lastActivityAt: Date; payments: readonly PaymentFacts[] };

export type KeepReason = "payment_open" | "legal_period" | "unpaid_period";

export type RetentionDecision =
  | { erase: true; reason: "unpaid" | "paid_expired" }
  | {
      erase: false;
      reason: KeepReason;
      /** When it becomes erasable; null while a payment is open. */ until: Date | null;
    };

/** Not final: an unknown status counts as open, it may still become paid. */
export function isOpenPayment(status: string): boolean {
  return !(FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** The moment a paid payment's legal period starts: when it was paid (its last update when we never learnt that). */
const paidAnchor = (p: PaymentFacts) => p.paidAt ?? p.updatedAt;

const latest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** Whether the retention task erases this record's person now, or until when it is kept and why. */
export function retentionDecision(
  record: RecordFacts,
  periods: RetentionPeriods,
  now: Date,
): RetentionDecision {
  if (record.payments.some((p) => isOpenPayment(p.status)))
    return { erase: false, reason: "payment_open", until: null };
  const paid = record.payments.filter((p) => p.status === "paid");
  if (paid.length > 0) {
    const until = addYears(latest(paid.map(paidAnchor)), periods.paidYears);
    return until < now
      ? { erase: true, reason: "paid_expired" }
      : { erase: false, reason: "legal_period", until };
  }
  const lastActivity = latest([record.lastActivityAt, ...record.payments.map((p) => p.updatedAt)]);
  const until = new Date(lastActivity.getTime() + periods.unpaidDays * DAY_MS);
  return until < now
    ? { erase: true, reason: "unpaid" }
    : { erase: false, reason: "unpaid_period", until };
}

export type RequestDecision =
  | { erase: true }
  | { erase: false; reason: "payment_open"; until: null }
  | { erase: false; reason: "legal_period"; until: Date };

/**
 * A person asked to be erased: everything goes now except a paid record within the legal period
 * (kept, and said so) and a record whose payment is still open (the whole request is refused:
 * erasing the payer of a payment that may still land leaves money with nobody behind it).
 */
export function requestDecision(
  record: RecordFacts,
  periods: RetentionPeriods,
  now: Date,
): RequestDecision {
  const decision = retentionDecision(record, periods, now);
  if (decision.erase || decision.reason === "unpaid_period") return { erase: true };
  if (decision.reason === "payment_open")
    return { erase: false, reason: "payment_open", until: null };
  return { erase: false, reason: "legal_period", until: decision.until as Date };
}

/** An applied (or given-up) webhook delivery's payload is erased past its period; one not yet applied is still needed. */
export function webhookPayloadErasable(
  event: { outcome: string | null; appliedAt: Date | null },
  cutoffs: RetentionCutoffs,
): boolean {
  return (
    event.outcome !== null &&
    event.appliedAt !== null &&
    event.appliedAt < cutoffs.webhookPayloadBefore
  );
}

/** Outbox statuses whose recipient and content are no longer needed (a pending message still has to be sent). */
export const DONE_MAIL_STATUSES = ["sent", "failed"] as const;

export function mailErasable(
  mail: { status: string; createdAt: Date },
  cutoffs: RetentionCutoffs,
): boolean {
  return (
    (DONE_MAIL_STATUSES as readonly string[]).includes(mail.status) &&
    mail.createdAt < cutoffs.mailBefore
  );
}

/**
 * An owner's Radar watch keeps its person only while it is wanted: one never confirmed within the
 * confirmation period (counted from the last request) goes, and so does one that stopped (by
 * unsubscribe at once; by itself once the owner's notice is queued, since the notice needs the
 * address). An active watch keeps its data: that is what it is for.
 */
export function unconfirmedWatchBefore(now: Date, confirmTtlHours: number): Date {
  return new Date(now.getTime() - confirmTtlHours * 3_600_000);
}

export type OwnerWatchFacts = {
  status: string;
  confirmRequestedAt: Date | null;
  unmailedEvents: number;
};

export function ownerWatchErasable(
  watch: OwnerWatchFacts,
  now: Date,
  confirmTtlHours: number,
): "unconfirmed" | "stopped" | null {
  if (watch.status === "pending_confirmation")
    return !watch.confirmRequestedAt ||
      watch.confirmRequestedAt < unconfirmedWatchBefore(now, confirmTtlHours)
      ? "unconfirmed"
      : null;
  if (watch.status === "stopped") return watch.unmailedEvents === 0 ? "stopped" : null;
  return null;
}
