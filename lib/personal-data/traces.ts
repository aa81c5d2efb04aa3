import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { erasedMail, erasedWebhookPayload } from "./erasable";

// What a person's lookups, payments and watches leave beside their own rows: the raw webhook
// deliveries that carried them (the lookup result names the owner's document and RENAVAM), the
// e-mails about them in the outbox (a payment link names the client; the payer's comprovante mail;
// a Radar watch's mails), and the test mailbox's copies of those e-mails. Found only by the ids
// those rows carry: mails by their dedupe keys (which name the checkout, the payment or the watch),
// deliveries by transactionId/externalId, the mailbox's copies by the outbox row's Message-ID.
// Never by address: one e-mail address pays for several people (a despachante's office, a
// relative paying for the family), and their mails are not this person's.

type Tx = Prisma.TransactionClient;

export type TraceKeys = {
  checkoutIds: string[];
  paymentIds: string[];
  /** Owner Radar watches. */
  watchIds?: string[];
  /** Lookups' and payments' externalId and transactionId. */
  eventKeys: string[];
};

/** Mail keys of a watch (lib/radar): the confirmations, the daily mails, the stop notice. */
export const watchMailKeys = (id: string): Prisma.MailMessageWhereInput[] => [
  { dedupeKey: { startsWith: `radar-confirm:${id}:` } },
  { dedupeKey: { startsWith: `radar-owner:${id}:` } },
  { dedupeKey: `radar-owner-stopped:${id}` },
];

/** Mail dedupe keys name the event: `payment-link:<checkoutId>:…`, `payment-approved:<paymentId>`, … (lib/mail). */
function mailKeyFilters(keys: TraceKeys): Prisma.MailMessageWhereInput[] {
  return [
    ...keys.checkoutIds.map((id) => ({ dedupeKey: { startsWith: `payment-link:${id}:` } })),
    ...keys.paymentIds.flatMap((id) =>
      ["payment-approved", "debts-settled", "client-paid"].map((kind) => ({
        dedupeKey: `${kind}:${id}`,
      })),
    ),
    ...keys.paymentIds.map((id) => ({ dedupeKey: { startsWith: `pix-instructions:${id}:` } })),
    ...(keys.watchIds ?? []).flatMap(watchMailKeys),
  ];
}

/** The test mailbox's copies of these outbox rows (the embedded SMTP server stores the Message-ID we sent). */
export async function mailboxCopies(tx: Tx, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return tx.receivedMail.findMany({
    where: { messageId: { in: messageIds } },
    select: { id: true, to: true, subject: true, receivedAt: true },
    orderBy: { receivedAt: "asc" },
  });
}

export async function findTraces(keys: TraceKeys, tx: Tx = db) {
  const byKey = mailKeyFilters(keys);
  // Erased rows too: the mailbox may still hold a copy of a mail the outbox has erased.
  const tied =
    byKey.length === 0
      ? []
      : await tx.mailMessage.findMany({
          where: { OR: byKey },
          select: {
            id: true,
            to: true,
            subject: true,
            template: true,
            status: true,
            createdAt: true,
            sentAt: true,
            messageId: true,
            personalDataErasedAt: true,
          },
          orderBy: { createdAt: "asc" },
        });
  const mails = tied
    .filter((m) => m.personalDataErasedAt === null)
    .map(({ id, to, subject, template, status, createdAt, sentAt }) => ({
      id,
      to,
      subject,
      template,
      status,
      createdAt,
      sentAt,
    }));
  const eventKeys = [...new Set(keys.eventKeys.filter(Boolean))];
  const webhookEvents =
    eventKeys.length === 0
      ? []
      : await tx.webhookEvent.findMany({
          where: {
            personalDataErasedAt: null,
            OR: [{ transactionId: { in: eventKeys } }, { externalId: { in: eventKeys } }],
          },
          select: {
            id: true,
            type: true,
            payload: true,
            receivedAt: true,
            outcome: true,
            appliedAt: true,
          },
          orderBy: { receivedAt: "asc" },
        });
  const testMailbox = await mailboxCopies(
    tx,
    tied.map((m) => m.messageId),
  );
  return { mails, webhookEvents, testMailbox };
}

export type Traces = Awaited<ReturnType<typeof findTraces>>;

/** Erases the traces found: applied deliveries' payloads, sent (or given-up) mails, the mailbox's copies. Pending ones are still needed. */
export async function eraseTraces(tx: Tx, traces: Traces, now: Date) {
  const webhookPayloads = (
    await tx.webhookEvent.updateMany({
      where: {
        id: { in: traces.webhookEvents.map((e) => e.id) },
        outcome: { not: null },
        personalDataErasedAt: null,
      },
      data: erasedWebhookPayload(now),
    })
  ).count;
  const mails = (
    await tx.mailMessage.updateMany({
      where: {
        id: { in: traces.mails.map((m) => m.id) },
        status: { not: "pending" },
        personalDataErasedAt: null,
      },
      data: erasedMail(now),
    })
  ).count;
  const testMailbox = (
    await tx.receivedMail.deleteMany({ where: { id: { in: traces.testMailbox.map((m) => m.id) } } })
  ).count;
  return {
    webhookPayloads,
    mails,
    testMailbox,
    pendingMails: traces.mails.filter((m) => m.status === "pending").length,
    pendingWebhookEvents: traces.webhookEvents.filter((e) => e.outcome === null).length,
  };
}
