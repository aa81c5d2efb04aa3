import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contactIndex } from "@/lib/privacy";
import { erasedMail, erasedWebhookPayload } from "./erasable";

// What a person's lookups and payments leave beside their own rows: the raw webhook deliveries
// that carried them (the lookup result names the owner's document and RENAVAM), the e-mails about
// them in the outbox (a payment link names the client; the payer's comprovante mail), and the test
// mailbox's copies. Found by the ids those rows carry (mails by their dedupe keys, which name the
// checkout or the payment; deliveries by transactionId/externalId) and, for mails, by the keyed
// hash of the person's e-mail addresses (MailMessage.toIndex). The test mailbox has no hash: its
// rows (only its retention period's) are opened and compared in memory.

type Tx = Prisma.TransactionClient;

export type TraceKeys = {
  checkoutIds: string[];
  paymentIds: string[];
  /** Lookups' and payments' externalId and transactionId. */
  eventKeys: string[];
  emails: string[];
};

const normal = (email: string) => email.trim().toLowerCase();

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
  ];
}

export async function findTraces(keys: TraceKeys, tx: Tx = db) {
  const emails = new Set(keys.emails.map(normal).filter(Boolean));
  const byMail = [
    ...mailKeyFilters(keys),
    ...(emails.size > 0 ? [{ toIndex: { in: [...emails].map(contactIndex) } }] : []),
  ];
  const mails =
    byMail.length === 0
      ? []
      : await tx.mailMessage.findMany({
          where: { personalDataErasedAt: null, OR: byMail },
          select: {
            id: true,
            to: true,
            subject: true,
            template: true,
            status: true,
            createdAt: true,
            sentAt: true,
          },
          orderBy: { createdAt: "asc" },
        });
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
  const testMailbox =
    emails.size === 0
      ? []
      : (
          await tx.receivedMail.findMany({
            select: { id: true, to: true, subject: true, receivedAt: true },
            orderBy: { receivedAt: "asc" },
          })
        ).filter((m) => m.to.split(",").some((to) => emails.has(normal(to))));
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
