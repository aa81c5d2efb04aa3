import "server-only";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { maskCpfCnpjForMail } from "@/lib/rules/cpf-cnpj";
import { newPublicToken } from "@/lib/security/public-token";
import { enqueueMail } from "./enqueue";
import type { PaymentFacts } from "./templates/define";

// The payer's e-mails about a payment, queued inside applyPaymentUpdate's transaction (the ONLY
// writer of a payment's status), so "paid" and its e-mail commit together or not at all. The
// payment row is locked there, which also serializes the dedupe check.

type Tx = Prisma.TransactionClient;


async function factsOf(tx: Tx, paymentRowId: string): Promise<{ to: string; facts: PaymentFacts }> {
  const p = await tx.payment.findUniqueOrThrow({ where: { id: paymentRowId }, include: { checkout: { include: { debts: true } } } });
  const c = p.checkout;
  // The e-mail links the status page by its public reference: the row id answers only "replaced".
  const ref = p.publicRef ?? (await tx.payment.update({ where: { id: p.id }, data: { publicRef: newPublicToken() } })).publicRef;
  return {
    to: c.customerEmail,
    facts: {
      customerName: c.customerName.split(" ")[0] ?? c.customerName,
      document: maskCpfCnpjForMail(c.customerCpfCnpj),
      plate: c.plate,
      amountCents: p.amountCents ?? c.amountCents,
      method: p.method === "pix" ? "pix" : "credit_card",
      debts: c.debts.map((d) => ({ title: d.title, amountCents: d.amountCents })),
      statusUrl: `${env.publicBaseUrl}/pagamento/${ref}`,
    },
  };
}

/** Called with the status before and after this update; queues what the change calls for. */
export async function queuePaymentMails(
  tx: Tx,
  paymentRowId: string,
  before: { status: string; liquidationStatus: string | null },
  after: { status: string; liquidationStatus: string | null },
): Promise<boolean> {
  const paid = after.status === "paid" && before.status !== "paid";
  const settled = after.liquidationStatus === "settled" && before.liquidationStatus !== "settled";
  if (!paid && !settled) return false;
  const { to, facts } = await factsOf(tx, paymentRowId);
  if (paid) {
    await enqueueMail(tx, { dedupeKey: `payment-approved:${paymentRowId}`, to, template: "payment-approved", props: facts, attachments: [{ kind: "receipt-pdf", paymentId: paymentRowId }] });
  }
  if (settled) {
    await enqueueMail(tx, { dedupeKey: `debts-settled:${paymentRowId}`, to, template: "debts-settled", props: facts });
  }
  return true;
}

/** The PIX code by e-mail, when the payer asked for it on the PIX step. */
export async function queuePixInstructions(tx: Tx, paymentRowId: string, amountCents?: number): Promise<boolean> {
  const p = await tx.payment.findUniqueOrThrow({ where: { id: paymentRowId }, select: { pixCode: true, pixExpiresAt: true } });
  if (!p.pixCode || !p.pixExpiresAt) return false;
  const { to, facts } = await factsOf(tx, paymentRowId);
  return enqueueMail(tx, {
    dedupeKey: `pix-instructions:${paymentRowId}:${p.pixExpiresAt.toISOString()}`,
    to,
    template: "pix-instructions",
    props: { ...facts, amountCents: amountCents ?? facts.amountCents, pixCode: p.pixCode, expiresAt: p.pixExpiresAt.toISOString(), companyName: env.company.name },
  });
}
