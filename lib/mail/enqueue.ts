import "server-only";
import { currentTraceparent } from "@/lib/tracing/trace";
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { maskEmail } from "@/lib/rules/cpf-cnpj";
import type { ReceiptDelisting } from "@/lib/rules/receipt-model";
import { CUSTOMER_MESSAGES, emailSchema } from "@/lib/validation/customer-input";
import { mailLog } from "./logger";
import type { TemplateName, TemplateProps } from "./templates";
import { subjectOf } from "./templates";

// Writes one message into the outbox, inside the caller's transaction, so the message exists
// exactly when the event that causes it was committed. The dedupe key makes the same event queue
// once: a replayed webhook or a second status call finds the row and adds nothing. Delivery is the
// worker's (lib/mail/outbox.ts); the caller kicks it after its commit (kickOutbox()).

/** Either the app's client or an interactive transaction: both have mailMessage. */
export type MailDb = Pick<Prisma.TransactionClient, "mailMessage">;

/**
 * `delisting`: the delisting checks' confirmation, written into the spec by the mail that tells it
 * (mail sits below lib/delisting, so the comprovante built at delivery gets the fact from here).
 */
export type Attachment = {
  kind: "receipt-pdf";
  paymentId: string;
  delisting?: ReceiptDelisting;
};

export type EnqueueInput<N extends TemplateName> = {
  dedupeKey: string;
  to: string;
  template: N;
  props: TemplateProps<N>;
  attachments?: Attachment[];
};

const MESSAGE_ID_DOMAIN = "placapaga.mail";

/** Refuses a bad address before anything is stored (the forms check the same schema). */
export function parseRecipient(to: string): string {
  const parsed = z.safeParse(emailSchema, to);
  if (!parsed.success) {
    throw new AppError({ code: "INVALID_EMAIL", fields: { email: CUSTOMER_MESSAGES.email } });
  }
  return parsed.data;
}

/** Returns true when queued, false when this dedupe key was queued before. */
export async function enqueueMail<N extends TemplateName>(
  tx: MailDb,
  input: EnqueueInput<N>,
): Promise<boolean> {
  const to = parseRecipient(input.to);
  // The subject is stored for operators (the body is rendered at delivery).
  const subject = subjectOf(input.template, input.props);
  // Callers hold the event's row lock (the payment row), so no concurrent insert of the same key
  // can race this check; a find first keeps a PostgreSQL transaction from aborting on P2002.
  const existing = await tx.mailMessage.findUnique({
    where: { dedupeKey: input.dedupeKey },
    select: { id: true },
  });
  if (existing) return false;
  await tx.mailMessage.create({
    data: {
      dedupeKey: input.dedupeKey,
      to,
      subject,
      template: input.template,
      props: JSON.stringify(input.props),
      attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
      messageId: `<${randomUUID()}@${MESSAGE_ID_DOMAIN}>`,
      traceparent: currentTraceparent(),
    },
  });
  mailLog.info({ template: input.template, to: maskEmail(to) }, "e-mail queued");
  return true;
}
