import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import * as rule from "@/lib/rules/retention";
import type { RetentionCutoffs } from "@/lib/rules/retention";

// lib/rules/retention.ts's filters as the WHERE of the erasing statements: the same objects its
// pure checks evaluate, checked here against Prisma's types. Every erasing statement carries the
// whole filter beside the ids it was given, so the database decides again, on the rows it writes,
// whether they may go: a payment that moved since the ids were read keeps its row. The rule's unit
// tests and these filters' integration tests (tests/integration/personal-data-*.test.ts) agree on
// the same cases. `personalDataErasedAt: null` is the query's own: a row erased already is not
// erased again.

/** A payment that keeps its payer past the legal period's start: open, or paid since `paidBefore`. */
export const openOrPaidSince = (paidBefore: Date) =>
  rule.openOrPaidSince(paidBefore) satisfies Prisma.PaymentWhereInput;

export function unpaidCheckouts(c: RetentionCutoffs): Prisma.CheckoutWhereInput {
  const r = rule.unpaidRecord(c);
  return {
    personalDataErasedAt: null,
    createdAt: r.lastActivityAt,
    payments: r.payments satisfies Prisma.PaymentListRelationFilter,
  };
}

export function paidExpiredCheckouts(c: RetentionCutoffs): Prisma.CheckoutWhereInput {
  return {
    personalDataErasedAt: null,
    ...(rule.paidExpiredRecord(c) satisfies Prisma.CheckoutWhereInput),
  };
}

// A lookup's payments are its checkouts' payments, and a checkout made from it is activity too.
export function unpaidLookups(c: RetentionCutoffs): Prisma.LookupWhereInput {
  const r = rule.unpaidRecord(c);
  return {
    personalDataErasedAt: null,
    createdAt: r.lastActivityAt,
    checkouts: {
      none: {
        OR: [{ createdAt: { gte: c.unpaidBefore } }, { payments: { some: r.payments.none } }],
      },
    },
  };
}

export function paidExpiredLookups(c: RetentionCutoffs): Prisma.LookupWhereInput {
  return {
    personalDataErasedAt: null,
    AND: [
      { checkouts: { some: { payments: { some: rule.paidPayment() } } } },
      { checkouts: { none: { payments: { some: rule.openOrPaidSince(c.paidBefore) } } } },
    ],
  };
}

export function appliedWebhookPayloads(c: RetentionCutoffs): Prisma.WebhookEventWhereInput {
  return { personalDataErasedAt: null, ...rule.appliedWebhookPayloads(c) };
}

export function doneMails(c: RetentionCutoffs): Prisma.MailMessageWhereInput {
  return { personalDataErasedAt: null, ...rule.doneMails(c) };
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
  return { personalDataErasedAt: null, ...rule.unconfirmedWatches(before) };
}

export function stoppedWatches(): Prisma.RadarWatchWhereInput {
  return { personalDataErasedAt: null, ...rule.stoppedWatches() };
}
