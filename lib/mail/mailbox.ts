import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";

// The test environment's mailbox page reads what the embedded SMTP server stored. Never with a
// live key: there the page is a 404 and nothing here is read.

export function mailboxEnabled(): boolean {
  return env.upstreamEnvironment === "test";
}

export type MailboxAttachment = { filename: string; contentType: string; size: number };

export async function listMailbox(limit = 100) {
  if (!mailboxEnabled()) return null;
  return db.receivedMail.findMany({
    orderBy: { receivedAt: "desc" },
    take: limit,
    select: { id: true, to: true, subject: true, receivedAt: true, deliveries: true },
  });
}

export async function readMailboxMessage(id: string) {
  if (!mailboxEnabled() || !/^[a-z0-9]{1,40}$/i.test(id)) return null;
  const mail = await db.receivedMail.findUnique({ where: { id } });
  if (!mail) return null;
  const attachments = (JSON.parse(mail.attachments) as (MailboxAttachment & { base64?: string })[]).map(({ filename, contentType, size }) => ({ filename, contentType, size }));
  return { ...mail, attachments };
}
