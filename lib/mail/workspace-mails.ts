import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { contactIndex } from "@/lib/privacy";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueMail, type MailDb } from "./enqueue";
import { amountsOfPayment, paymentWithDebts } from "./payment-mails";
import type { TemplateProps } from "./templates";

// E-mails the despachante's workspace sends: pass the transaction that
// records the event, then kickOutbox() after it commits. The dedupe key names the event, so a
// retried request does not send twice.

/**
 * A despachante sends a client the payment link of a share checkout (once per checkout and address).
 * The key names the address by its keyed hash: a unique index is never sealed, and the address
 * must not sit in it in clear (docs/privacy.md).
 */
export function queuePaymentLinkMail(
  tx: MailDb,
  checkoutId: string,
  to: string,
  props: TemplateProps<"payment-link">,
) {
  return enqueueMail(tx, {
    dedupeKey: paymentLinkMailKey(checkoutId, to),
    to,
    template: "payment-link",
    props,
  });
}

const paymentLinkMailKey = (checkoutId: string, to: string) =>
  `payment-link:${checkoutId}:${contactIndex(to)}`;

/** A sign-in link; every request is its own event (the caller's id for it, or a fresh one). */
export function queueSignInLinkMail(
  tx: MailDb,
  to: string,
  props: TemplateProps<"sign-in-link">,
  requestId: string = randomUUID(),
) {
  return enqueueMail(tx, {
    dedupeKey: `sign-in:${requestId}`,
    to,
    template: "sign-in-link",
    props,
  });
}

/** "Your client paid", to the despachante who made the link (once per payment). */
export function queueClientPaidMail(
  tx: MailDb,
  paymentRowId: string,
  to: string,
  props: TemplateProps<"client-paid">,
) {
  return enqueueMail(tx, {
    dedupeKey: `client-paid:${paymentRowId}`,
    to,
    template: "client-paid",
    props,
  });
}

/**
 * Called by applyPaymentUpdate in the transaction that records "paid": when the paid checkout is
 * an account's link, its owner hears it (dedupe per payment, so a replayed webhook and the poll
 * that also saw it queue one e-mail). False when the link belongs to no account.
 */
export async function queueOwnerPaidMail(
  tx: Prisma.TransactionClient,
  paymentRowId: string,
): Promise<boolean> {
  const p = await paymentWithDebts(tx, paymentRowId);
  const c = p.checkout;
  if (!c.ownerUserId) return false;
  const owner = await tx.user.findUnique({ where: { id: c.ownerUserId }, select: { email: true } });
  if (!owner) return false;
  // The client's name as the despachante filed it (scoped to the owner), else the payer's.
  const client = c.clientId
    ? await tx.workspaceClient.findFirst({
        where: { id: c.clientId, userId: c.ownerUserId },
        select: { name: true },
      })
    : null;
  return queueClientPaidMail(tx, paymentRowId, owner.email, {
    clientName: client?.name ?? c.customerName,
    plate: c.plate,
    amountCents: p.amountCents ?? c.amountCents,
    receipt: amountsOfPayment(p),
    workspaceUrl: `${env.publicBaseUrl}/painel/links`,
  });
}
