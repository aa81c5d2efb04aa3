import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { FINAL_PAYMENT_STATUSES, RELEASING_PAYMENT_STATUSES } from "@/lib/rules/payment-status";
import { DONE_MAIL_STATUSES, type RetentionCutoffs } from "@/lib/rules/retention";

// lib/rules/retention.ts's rule written as Prisma filters. Every erasing statement carries the
// whole filter beside the ids it was given, so the database decides again, on the rows it writes,
// whether they may go: a payment that moved since the ids were read keeps its row. The rule's unit
// tests and these filters' integration tests (tests/integration/personal-data-*.test.ts) agree on
// the same cases.

const RELEASING = [...RELEASING_PAYMENT_STATUSES];
const FINAL = [...FINAL_PAYMENT_STATUSES];

/** A payment that keeps its payer past the unpaid period: it moved money or may still (not released). */
const holdsMoneyOrActiveSince = (since: Date): Prisma.PaymentWhereInput => ({
  OR: [{ status: { notIn: RELEASING } }, { updatedAt: { gte: since } }],
});

/** A payment that keeps its payer past the legal period's start: open, or paid since `paidBefore`. */
export const openOrPaidSince = (paidBefore: Date): Prisma.PaymentWhereInput => ({
  OR: [
    { status: { notIn: FINAL } },
    { status: "paid", paidAt: { gte: paidBefore } },
    { status: "paid", paidAt: null, updatedAt: { gte: paidBefore } },
  ],
});

export function unpaidCheckouts(c: RetentionCutoffs): Prisma.CheckoutWhereInput {
  return {
    personalDataErasedAt: null,
    createdAt: { lt: c.unpaidBefore },
    payments: { none: holdsMoneyOrActiveSince(c.unpaidBefore) },
  };
}

export function paidExpiredCheckouts(c: RetentionCutoffs): Prisma.CheckoutWhereInput {
  return {
    personalDataErasedAt: null,
    AND: [
      { payments: { some: { status: "paid" } } },
      { payments: { none: openOrPaidSince(c.paidBefore) } },
    ],
  };
}

export function unpaidLookups(c: RetentionCutoffs): Prisma.LookupWhereInput {
  return {
    personalDataErasedAt: null,
    createdAt: { lt: c.unpaidBefore },
    checkouts: {
      none: {
        OR: [
          { createdAt: { gte: c.unpaidBefore } },
          { payments: { some: holdsMoneyOrActiveSince(c.unpaidBefore) } },
        ],
      },
    },
  };
}

export function paidExpiredLookups(c: RetentionCutoffs): Prisma.LookupWhereInput {
  return {
    personalDataErasedAt: null,
    AND: [
      { checkouts: { some: { payments: { some: { status: "paid" } } } } },
      { checkouts: { none: { payments: { some: openOrPaidSince(c.paidBefore) } } } },
    ],
  };
}

export function appliedWebhookPayloads(c: RetentionCutoffs): Prisma.WebhookEventWhereInput {
  return {
    personalDataErasedAt: null,
    outcome: { not: null },
    appliedAt: { lt: c.webhookPayloadBefore },
  };
}

export function doneMails(c: RetentionCutoffs): Prisma.MailMessageWhereInput {
  return {
    personalDataErasedAt: null,
    status: { in: [...DONE_MAIL_STATUSES] },
    createdAt: { lt: c.mailBefore },
  };
}

// What an erased row keeps: its figures (amounts, dates, statuses, plate and UF, the debts) and
// the moment it lost its person. "" rather than null: the columns stay NOT NULL. The keyed hash
// goes too: an erased row must not be found by the person's document any more.

export const erasedLookup = (at: Date) =>
  ({
    renavam: "",
    cpfCnpj: "",
    cpfCnpjIndex: null,
    resultJson: null,
    personalDataErasedAt: at,
  }) satisfies Prisma.LookupUpdateManyMutationInput;

export const erasedCheckout = (at: Date) =>
  ({
    customerName: "",
    customerEmail: "",
    customerCpfCnpj: "",
    customerCpfCnpjIndex: null,
    customerPhone: "",
    renavam: "",
    personalDataErasedAt: at,
  }) satisfies Prisma.CheckoutUpdateManyMutationInput;

export const erasedWebhookPayload = (at: Date) =>
  ({ payload: "", personalDataErasedAt: at }) satisfies Prisma.WebhookEventUpdateManyMutationInput;

/** The template name stays (which message it was); the subject may name the client. */
export const erasedMail = (at: Date) =>
  ({
    to: "",
    subject: "",
    props: "{}",
    lastError: null,
    personalDataErasedAt: at,
  }) satisfies Prisma.MailMessageUpdateManyMutationInput;

/** Owner watches whose person goes (lib/rules/retention.ts ownerWatchErasable). */
export function unconfirmedWatches(before: Date): Prisma.RadarWatchWhereInput {
  return {
    kind: "owner",
    status: "pending_confirmation",
    personalDataErasedAt: null,
    OR: [{ confirmRequestedAt: null }, { confirmRequestedAt: { lt: before } }],
  };
}

export function stoppedWatches(): Prisma.RadarWatchWhereInput {
  return {
    kind: "owner",
    status: "stopped",
    personalDataErasedAt: null,
    events: { none: { userId: null, ownerMailedAt: null } },
  };
}
