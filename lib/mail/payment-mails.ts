import "server-only";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { receiptAmounts, type ReceiptAmounts } from "@/lib/rules/receipt-model";
import { maskCpfCnpjForMail } from "@/lib/rules/cpf-cnpj";
import type { DebtProgress, DelistingVerdict } from "@/lib/rules/delisting";
import { storedPaymentMethod } from "@/lib/rules/payment-method";
import { newPublicToken } from "@/lib/security/public-token";
import { enqueueMail } from "./enqueue";
import type { PaymentFacts } from "./templates/define";

// The payer's e-mails about a payment, queued inside applyPaymentUpdate's transaction (the ONLY
// writer of a payment's status), so "paid" and its e-mail commit together or not at all. The
// payment row is locked there, which also serializes the dedupe check.

type Tx = Prisma.TransactionClient;

/**
 * The status page's address is the payment's public reference: the row id was the old address and
 * now only answers "link replaced". A row from before the column gets its reference here, in the
 * transaction that holds its lock.
 */
async function publicRefOf(tx: Tx, p: { id: string; publicRef: string | null }): Promise<string> {
  if (p.publicRef) return p.publicRef;
  const publicRef = newPublicToken();
  await tx.payment.update({ where: { id: p.id }, data: { publicRef } });
  return publicRef;
}

type PaymentWithDebts = Prisma.PaymentGetPayload<{
  include: { checkout: { include: { debts: true; lookup: { include: { debts: true } } } } };
}>;

const withDebts = {
  checkout: { include: { debts: true, lookup: { include: { debts: true } } } },
} as const;

/** The comprovante's money part for this payment (the PDF builds its own from the same function). */
export function amountsOfPayment(
  p: PaymentWithDebts,
  amountCents: number | null = p.amountCents,
): ReceiptAmounts {
  const lookupDebt = new Map(p.checkout.lookup.debts.map((d) => [d.debtId, d]));
  return receiptAmounts({
    method: storedPaymentMethod(p.method),
    cardBrand: p.cardBrand,
    cardLastFour: p.cardLastFour,
    installments: p.installments,
    amountCents: amountCents ?? p.checkout.amountCents,
    debts: p.checkout.debts.map((d) => ({
      title: d.title,
      amountCents: d.amountCents,
      ait: lookupDebt.get(d.debtId)?.ait ?? null,
      year: lookupDebt.get(d.debtId)?.year ?? null,
    })),
  });
}

export function paymentWithDebts(tx: Tx, paymentRowId: string): Promise<PaymentWithDebts> {
  return tx.payment.findUniqueOrThrow({ where: { id: paymentRowId }, include: withDebts });
}

async function factsOf(
  tx: Tx,
  paymentRowId: string,
  amountCents?: number,
): Promise<{ to: string; facts: PaymentFacts }> {
  const p = await paymentWithDebts(tx, paymentRowId);
  const c = p.checkout;
  return {
    to: c.customerEmail,
    facts: {
      customerName: c.customerName.split(" ")[0] ?? c.customerName,
      document: maskCpfCnpjForMail(c.customerCpfCnpj),
      plate: c.plate,
      receipt: amountsOfPayment(p, amountCents ?? p.amountCents),
      statusUrl: `${env.publicBaseUrl}/pagamento/${await publicRefOf(tx, p)}`,
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
  // The comprovante is issued when the message goes out (lib/mail/attachments.ts): the settled
  // e-mail's copy reads "quitado" with each debt's settlement date, which the status answer that
  // settled the payment wrote in this same transaction.
  const attachments = [{ kind: "receipt-pdf" as const, paymentId: paymentRowId }];
  if (paid) {
    await enqueueMail(tx, {
      dedupeKey: `payment-approved:${paymentRowId}`,
      to,
      template: "payment-approved",
      props: facts,
      attachments,
    });
  }
  if (settled) {
    await enqueueMail(tx, {
      dedupeKey: `debts-settled:${paymentRowId}`,
      to,
      template: "debts-settled",
      props: facts,
      attachments,
    });
  }
  return true;
}

/** The PIX code by e-mail, when the payer asked for it on the PIX step. */
export async function queuePixInstructions(
  tx: Tx,
  paymentRowId: string,
  amountCents?: number,
): Promise<boolean> {
  const p = await tx.payment.findUniqueOrThrow({
    where: { id: paymentRowId },
    select: { pixCode: true, pixExpiresAt: true },
  });
  if (!p.pixCode || !p.pixExpiresAt) return false;
  const { to, facts } = await factsOf(tx, paymentRowId, amountCents);
  return enqueueMail(tx, {
    dedupeKey: `pix-instructions:${paymentRowId}:${p.pixExpiresAt.toISOString()}`,
    to,
    template: "pix-instructions",
    props: {
      ...facts,
      pixCode: p.pixCode,
      expiresAt: p.pixExpiresAt.toISOString(),
      companyName: env.company.name,
    },
  });
}

/**
 * The one e-mail of a payment's delisting decision (lib/delisting): every paid debt confirmed gone
 * from the authority's list, or one still listed at the last check, with the comprovante. Not for
 * a payer whose data was erased (nobody to write to), nor twice (the dedupe key).
 */
export async function queueDelistingMail(
  tx: Tx,
  paymentRowId: string,
  verdict: Exclude<DelistingVerdict, "unverified">,
  debts: readonly DebtProgress[],
  decidedAt: Date,
): Promise<boolean> {
  const p = await paymentWithDebts(tx, paymentRowId);
  if (p.checkout.personalDataErasedAt || !p.checkout.customerEmail) return false;
  const { to, facts } = await factsOf(tx, paymentRowId);
  const paid = new Map(p.checkout.debts.map((d) => [d.debtId, d]));
  return enqueueMail(tx, {
    dedupeKey: `delisting-decided:${paymentRowId}`,
    to,
    template: "delisting-decided",
    props: {
      customerName: facts.customerName,
      document: facts.document,
      plate: facts.plate,
      statusUrl: facts.statusUrl,
      uf: p.checkout.uf,
      verdict,
      debts: debts.map((d) => ({
        title: paid.get(d.debtId)?.title ?? d.debtId,
        paidCents: paid.get(d.debtId)?.amountCents ?? 0,
        state: d.state === "checking" ? "unverified" : d.state,
        ...(d.confirmedAt ? { confirmedAt: d.confirmedAt.toISOString() } : {}),
        ...(d.state === "still_listed" && d.listedAmountCents !== null
          ? { listedCents: d.listedAmountCents }
          : {}),
      })),
      ...(verdict === "still_listed"
        ? { paymentId: p.paymentId, transactionId: p.transactionId }
        : {}),
    },
    // The comprovante attached says "Baixa confirmada pelo órgão em …" when it is.
    attachments: [
      {
        kind: "receipt-pdf",
        paymentId: paymentRowId,
        ...(verdict === "confirmed"
          ? {
              delisting: {
                decidedAt: decidedAt.toISOString(),
                debts: debts.flatMap((d) =>
                  d.confirmedAt
                    ? [{ debtId: d.debtId, confirmedAt: d.confirmedAt.toISOString() }]
                    : [],
                ),
              },
            }
          : {}),
      },
    ],
  });
}
