import "server-only";
import { db } from "@/lib/db/client";
import { queueSignInLinkMail } from "@/lib/mail/workspace-mails";
import { kickOutbox } from "@/lib/mail/worker";

export const SIGN_IN_LINK_MINUTES = 15;

/** Queues the sign-in e-mail in the outbox (delivered by the lib/jobs worker, retried there). */
export async function sendSignInLink(email: string, url: string): Promise<void> {
  await queueSignInLinkMail(db, email, { signInUrl: url, expiresInMinutes: SIGN_IN_LINK_MINUTES });
  void kickOutbox();
}
