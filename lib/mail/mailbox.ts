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
  const attachments = (
    JSON.parse(mail.attachments) as (MailboxAttachment & { base64?: string })[]
  ).map(({ filename, contentType, size }) => ({ filename, contentType, size }));
  return { ...mail, attachments };
}

/** One stored attachment's bytes, by its place in the message (0-based); null when there is none or no mailbox. */
export async function readMailboxAttachment(
  id: string,
  index: string,
): Promise<(MailboxAttachment & { content: Buffer }) | null> {
  if (!mailboxEnabled() || !/^[a-z0-9]{1,40}$/i.test(id) || !/^\d{1,3}$/.test(index)) return null;
  const mail = await db.receivedMail.findUnique({ where: { id }, select: { attachments: true } });
  if (!mail) return null;
  const found = (JSON.parse(mail.attachments) as (MailboxAttachment & { base64?: string })[])[
    Number(index)
  ];
  if (!found?.base64) return null;
  return {
    filename: found.filename,
    contentType: found.contentType,
    size: found.size,
    content: Buffer.from(found.base64, "base64"),
  };
}
