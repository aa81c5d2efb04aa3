// How long a person's data is kept (LGPD: necessity), as plain functions of dates and payment
// statuses. Each rule is written once, as a row filter (./row-filter.ts): lib/personal-data hands
// it to Prisma as the WHERE of its erasing statements, so the database re-checks the rule on the
// rows it erases, and the pure checks below evaluate the same filter on facts in memory.
// docs/privacy.md is the data map; lib/personal-data/sealed-retention.ts ties every sealed column
// to the rule that ends it.
//
// A lookup or checkout:
// - with a payment still open (not final, or a status we do not know) keeps its person: the
//   payment may still land and the comprovante names the payer;
// - with a paid payment keeps its person for the legal period after the (latest) payment;
// - otherwise (no payment, or only refused / expired / not created ones) keeps its person for the
//   unpaid period after its last activity (its creation, a checkout made from it, a payment update).
import { FINAL_PAYMENT_STATUSES, RELEASING_PAYMENT_STATUSES } from "./payment-status";
import { matchesFilter } from "./row-filter";

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

// The rules as filters. Arrays are copied per call: Prisma takes mutable ones.

/** A payment that may still move money: not final (an unknown status included). */
export const openPayment = () => ({ status: { notIn: [...FINAL_PAYMENT_STATUSES] as string[] } });

/** A payment that keeps its payer past the unpaid period: it moved money or may still (not released), or moved since `since`. */
export const holdsMoneyOrActiveSince = (since: Date) => ({
  OR: [
    { status: { notIn: [...RELEASING_PAYMENT_STATUSES] as string[] } },
    { updatedAt: { gte: since } },
  ],
});

/** A payment that keeps its payer past the legal period's start: open, or paid since `paidBefore` (its last update when we never learnt when). */
export const openOrPaidSince = (paidBefore: Date) => ({
  OR: [
    openPayment(),
    { status: "paid", paidAt: { gte: paidBefore } },
    { status: "paid", paidAt: null, updatedAt: { gte: paidBefore } },
  ],
});

/** A record (lookup or checkout) no payment kept past the unpaid period. */
export const unpaidRecord = (c: RetentionCutoffs) => ({
  lastActivityAt: { lt: c.unpaidBefore },
  payments: { none: holdsMoneyOrActiveSince(c.unpaidBefore) },
});

/** A paid payment. */
export const paidPayment = () => ({ status: "paid" });

/** A record with a paid payment whose legal period is over, and nothing open. */
export const paidExpiredRecord = (c: RetentionCutoffs) => ({
  AND: [
    { payments: { some: paidPayment() } },
    { payments: { none: openOrPaidSince(c.paidBefore) } },
  ],
});

/** An applied (or given-up) webhook delivery past its period: its payload goes; one not yet applied is still needed. */
export const appliedWebhookPayloads = (c: RetentionCutoffs) => ({
  outcome: { not: null },
  appliedAt: { lt: c.webhookPayloadBefore },
});

/** Outbox statuses whose recipient and content are no longer needed (a pending message still has to be sent). */
export const DONE_MAIL_STATUSES = ["sent", "failed"] as const;

/** A sent (or given-up) e-mail past its period: its recipient and content go. */
export const doneMails = (c: RetentionCutoffs) => ({
  status: { in: [...DONE_MAIL_STATUSES] as string[] },
  createdAt: { lt: c.mailBefore },
});

/** The test mailbox's messages past the e-mail period: the rows go. */
export const receivedMails = (c: RetentionCutoffs) => ({ receivedAt: { lt: c.mailBefore } });

/** A sign-in session (or token) past its expiry: the row goes. */
/** How long the API replays an Idempotency-Key's answer; deleted after. */
export const IDEMPOTENCY_HOURS = 24;
/** API answers kept for Idempotency-Key replays, past their 24 hours. */
export const expiredIdempotencyAnswers = (now: Date) => ({
  createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000) },
});

export const expiredSessions = (now: Date) => ({ expiresAt: { lt: now } });

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
  return matchesFilter({ status }, openPayment());
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
  // Whether it goes is the filters' answer (the query's); `until` only says when, for people.
  const cutoffs = retentionCutoffs(periods, now);
  const paid = record.payments.filter((p) => p.status === "paid");
  if (paid.length > 0) {
    const until = addYears(latest(paid.map(paidAnchor)), periods.paidYears);
    return matchesFilter(record, paidExpiredRecord(cutoffs))
      ? { erase: true, reason: "paid_expired" }
      : { erase: false, reason: "legal_period", until };
  }
  const lastActivity = latest([record.lastActivityAt, ...record.payments.map((p) => p.updatedAt)]);
  const until = new Date(lastActivity.getTime() + periods.unpaidDays * DAY_MS);
  return matchesFilter(record, unpaidRecord(cutoffs))
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
  return matchesFilter(event, appliedWebhookPayloads(cutoffs));
}

export function mailErasable(
  mail: { status: string; createdAt: Date },
  cutoffs: RetentionCutoffs,
): boolean {
  return matchesFilter(mail, doneMails(cutoffs));
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

/** An owner watch never confirmed in time (counted from its last request). */
export const unconfirmedWatches = (before: Date) => ({
  kind: "owner",
  status: "pending_confirmation",
  OR: [{ confirmRequestedAt: null }, { confirmRequestedAt: { lt: before } }],
});

/** An owner watch that stopped, with nothing left to tell its owner. */
export const stoppedWatches = () => ({
  kind: "owner",
  status: "stopped",
  events: { none: { userId: null, ownerMailedAt: null } },
});

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
  const row = {
    kind: "owner",
    status: watch.status,
    confirmRequestedAt: watch.confirmRequestedAt,
    // The owner's events not mailed yet, as the query's relation reads them.
    events: Array.from({ length: watch.unmailedEvents }, () => ({
      userId: null,
      ownerMailedAt: null,
    })),
  };
  if (matchesFilter(row, unconfirmedWatches(unconfirmedWatchBefore(now, confirmTtlHours))))
    return "unconfirmed";
  return matchesFilter(row, stoppedWatches()) ? "stopped" : null;
}
