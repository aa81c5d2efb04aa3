import "server-only";
import type { Transporter } from "nodemailer";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { runClaim, type Job, type RetryPolicy } from "@/lib/jobs";
import { metrics } from "@/lib/metrics/registry";
import { maskEmail } from "@/lib/rules/cpf-cnpj";
import { buildAttachments } from "./attachments";
import { mailLog } from "./logger";
import { isTemplateName } from "./templates";
import { renderMail } from "./templates/render";
import { isPermanentSmtpError, mailTransport } from "./transport";
import { clock } from "@/lib/clock";

// The outbox as a lib/jobs queue: MailMessage rows with status "pending", claimed with a lease,
// retried with exponential backoff, given up as "failed" after MAIL_RETRY.maxAttempts. A 5xx from
// the relay is permanent: the row is finished as failed at once (logged, counted), not retried.
//
// Exactly once, honestly: SMTP cannot be exactly-once. A row marked sent is never sent again, and
// only the lease holder sends. A crash (or a lost lease) after the relay accepted a message but
// before the row was marked sends it again when the lease ends, with the SAME Message-ID header,
// which mail systems and our embedded mailbox use to drop the copy.

/** Long enough to outlast a relay outage of 10+ minutes: waits 5 s, 10 s … 5 min, ~30 min in all. */
export const MAIL_RETRY: RetryPolicy = {
  maxAttempts: 12,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
};
const LEASE_MS = 60_000;

export type OutboxRow = {
  id: string;
  attempts: number;
  to: string;
  template: string;
  props: string;
  attachments: string | null;
  messageId: string;
};

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

async function deliver(row: OutboxRow, transport: Transporter): Promise<Record<string, unknown>> {
  if (!isTemplateName(row.template)) {
    metrics.mailOutcomes.inc({ template: row.template, outcome: "failed" });
    return { status: "failed", lastError: `unknown template ${row.template}` };
  }
  const { subject, html, text, headers } = renderMail(row.template, JSON.parse(row.props));
  let attachments: Awaited<ReturnType<typeof buildAttachments>>;
  try {
    attachments = await buildAttachments(row.attachments);
  } catch (error) {
    // The comprovante cannot be issued for this payment (gone, or not paid): no retry changes that,
    // so the row fails now, logged and counted, instead of 12 tries over half an hour.
    if (!(error instanceof AppError)) throw error;
    mailLog.error(
      { id: row.id, template: row.template, code: error.code },
      "e-mail given up: its attachment cannot be built",
    );
    metrics.mailOutcomes.inc({ template: row.template, outcome: "failed" });
    return { status: "failed", lastError: errorText(error) };
  }
  try {
    await transport.sendMail({
      from: env.mail.from,
      to: row.to,
      subject,
      html,
      text,
      messageId: row.messageId,
      headers,
      attachments,
    });
  } catch (error) {
    if (isPermanentSmtpError(error)) {
      mailLog.error(
        { id: row.id, template: row.template, to: maskEmail(row.to), err: errorText(error) },
        "e-mail refused for good (SMTP 5xx)",
      );
      metrics.mailOutcomes.inc({ template: row.template, outcome: "failed" });
      return { status: "failed", lastError: errorText(error) };
    }
    metrics.mailOutcomes.inc({ template: row.template, outcome: "retry" });
    // lib/jobs backs the row off; the reason stays in the row for the operator (and the mailbox).
    await db.mailMessage.updateMany({
      where: { id: row.id, status: "pending" },
      data: { lastError: errorText(error) },
    });
    throw error;
  }
  mailLog.info(
    { id: row.id, template: row.template, to: maskEmail(row.to), attempt: row.attempts },
    "e-mail sent",
  );
  metrics.mailOutcomes.inc({ template: row.template, outcome: "sent" });
  return { status: "sent", sentAt: clock.now(), lastError: null };
}

export function outboxJob(
  options: { transport?: Transporter; retry?: RetryPolicy; leaseMs?: number } = {},
): Job<OutboxRow> {
  return {
    name: "mail-outbox",
    table: db.mailMessage,
    pending: { status: "pending" },
    orderBy: { createdAt: "asc" },
    select: {
      to: true,
      template: true,
      props: true,
      attachments: true,
      messageId: true,
      traceparent: true,
    },
    leaseMs: options.leaseMs ?? LEASE_MS,
    retry: options.retry ?? MAIL_RETRY,
    failedData: (error) => {
      mailLog.error({ err: error }, "e-mail given up after its last attempt");
      return { status: "failed", lastError: error.slice(0, 500) };
    },
    run: (row) => deliver(row, options.transport ?? mailTransport()),
    // Claimed in one statement, like every queue (lib/jobs/queue.ts).
    sql: {
      db,
      table: "MailMessage",
      orderBy: "createdAt",
      columns: ["to", "template", "props", "attachments", "messageId", "traceparent"],
    },
  };
}

/** Rows claimed at once, and sent at once (an SMTP relay takes a few connections). */
export const OUTBOX_CLAIM = { limit: 32, concurrency: 4 };

/** Sends every due row (one claim after another); resolves with how many rows were tried. */
export async function drainOnce(job: Job<OutboxRow>): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await runClaim(job, OUTBOX_CLAIM);
    if (claimed === 0) return total;
    total += claimed;
  }
}
