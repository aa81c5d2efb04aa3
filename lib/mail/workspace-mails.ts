import "server-only";
import { randomUUID } from "node:crypto";
import { enqueueMail, type MailDb } from "./enqueue";
import type { TemplateProps } from "./templates";

// E-mails the despachante's workspace will send (no trigger here yet): pass the transaction that
// records the event, then kickOutbox() after it commits. The dedupe key names the event, so a
// retried request does not send twice.

/** A despachante sends a client the payment link of a share checkout (once per checkout and address). */
export function queuePaymentLinkMail(tx: MailDb, checkoutId: string, to: string, props: TemplateProps<"payment-link">) {
  return enqueueMail(tx, { dedupeKey: `payment-link:${checkoutId}:${to.toLowerCase()}`, to, template: "payment-link", props });
}

/** A sign-in link; every request is its own event (the caller's id for it, or a fresh one). */
export function queueSignInLinkMail(tx: MailDb, to: string, props: TemplateProps<"sign-in-link">, requestId: string = randomUUID()) {
  return enqueueMail(tx, { dedupeKey: `sign-in:${requestId}`, to, template: "sign-in-link", props });
}

/** "Your client paid", to the despachante who made the link (once per payment). */
export function queueClientPaidMail(tx: MailDb, paymentRowId: string, to: string, props: TemplateProps<"client-paid">) {
  return enqueueMail(tx, { dedupeKey: `client-paid:${paymentRowId}`, to, template: "client-paid", props });
}
