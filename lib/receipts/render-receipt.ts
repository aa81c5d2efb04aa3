import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { paymentRowIdFor, resolvePaymentRef } from "@/lib/payments/payment-ref";
import { formatCpfCnpj } from "@/lib/rules/cpf-cnpj";
import { storedPaymentMethod } from "@/lib/rules/payment-method";
import { saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import {
  buildReceiptModel,
  type ReceiptDelisting,
  type ReceiptModel,
  type ReceiptSource,
} from "@/lib/rules/receipt-model";
import { receiptPdf } from "./receipt-pdf";
import { clock } from "@/lib/clock";

const log = moduleLogger("receipts");

const notPaid = () => new AppError({ code: "PAYMENT_NOT_PAID" });

/**
 * Facts of higher capabilities that the comprovante shows, read by whoever composes them (the
 * route in app/): this layer does not import them. delisting: lib/rules receiptDelisting's answer.
 */
export type ReceiptFacts = { delisting?: ReceiptDelisting | null };

/** Everything the comprovante shows, read at the moment of issue (each debt's settlement included). */
async function receiptSource(
  rowId: string,
  issuedAt: Date,
  facts: ReceiptFacts,
): Promise<ReceiptSource & { status: string; paidAtDate: Date | null }> {
  const p = await db.payment.findUnique({
    where: { id: rowId },
    include: {
      debts: true,
      checkout: { include: { debts: true, lookup: { include: { debts: true } } } },
    },
  });
  if (!p) throw new AppError({ code: "PAYMENT_NOT_FOUND" });
  const settlement = new Map(p.debts.map((d) => [d.debtId, d]));
  const lookupDebt = new Map(p.checkout.lookup.debts.map((d) => [d.debtId, d]));
  const delisted = new Map(facts.delisting?.debts.map((d) => [d.debtId, d.confirmedAt]));
  return {
    status: p.status,
    paidAtDate: p.paidAt,
    payerName: p.checkout.customerName,
    payerCpfCnpj: p.checkout.customerCpfCnpj,
    plate: p.checkout.plate,
    uf: p.checkout.uf,
    renavam: p.checkout.renavam,
    method: storedPaymentMethod(p.method),
    cardBrand: p.cardBrand,
    cardLastFour: p.cardLastFour,
    installments: p.installments,
    amountCents: p.amountCents,
    paidAt: p.paidAt,
    ourReference: p.externalId,
    paymentId: p.paymentId,
    transactionId: p.transactionId,
    debts: p.checkout.debts.map((d) => ({
      title: d.title,
      type: d.type,
      ait: lookupDebt.get(d.debtId)?.ait ?? null,
      year: lookupDebt.get(d.debtId)?.year ?? null,
      amountCents: d.amountCents,
      status: settlement.get(d.debtId)?.status ?? "pending",
      settledAt: settlement.get(d.debtId)?.settledAt ?? null,
      delistedAt: delisted.get(d.debtId) ?? null,
    })),
    delistingConfirmedAt: facts.delisting?.decidedAt ?? null,
    issuedAt,
  };
}

export type IssuedReceipt = { pdf: Uint8Array; filename: string; model: ReceiptModel };

async function issue(rowId: string, facts: ReceiptFacts = {}): Promise<IssuedReceipt> {
  const issuedAt = clock.now();
  const source = await receiptSource(rowId, issuedAt, facts);
  if (source.status !== "paid") throw notPaid();
  const model = buildReceiptModel(source);
  const pdf = await receiptPdf(model, {
    name: env.company.name,
    cnpj: formatCpfCnpj(env.company.cnpj),
  });
  const w = saoPauloWallClock(source.paidAtDate ?? issuedAt);
  const date = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
  const plate = source.plate.replace(/[^A-Z0-9]/gi, "").toUpperCase();
  log.info(
    { paymentRowId: rowId, quitado: model.quitado, bytes: pdf.length },
    "comprovante issued",
  );
  return { pdf, filename: `comprovante-${plate}-${date}.pdf`, model };
}

/**
 * For the e-mail (attachment of the "approved" and "quitado" messages): by row id or public
 * reference, trusted callers only (no rate limit). Throws 409 PAYMENT_NOT_PAID before payment.
 */
export async function renderReceiptPdf(
  paymentRowIdOrRef: string,
  facts: ReceiptFacts = {},
): Promise<Uint8Array> {
  const byRef = await resolvePaymentRef(paymentRowIdOrRef);
  const rowId = byRef.kind === "found" ? byRef.rowId : paymentRowIdOrRef;
  return (await issue(rowId, facts)).pdf;
}

/**
 * For GET /api/payments/{ref}/comprovante: by public reference only, misses counted per client.
 * factsOf: the route's reading of higher capabilities' facts for the payment's row, once known.
 */
export async function receiptForRef(
  ref: string,
  clientKey: string,
  factsOf: (paymentRowId: string) => Promise<ReceiptFacts> = async () => ({}),
): Promise<IssuedReceipt> {
  const rowId = await paymentRowIdFor(ref, clientKey);
  return issue(rowId, await factsOf(rowId));
}
