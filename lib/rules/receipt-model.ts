import { CARD_BRAND_LABELS, type CardBrand } from "@/lib/rules/card";
import { assertNever } from "@/lib/rules/exhaustive";
import { maskCpfCnpjForMail } from "@/lib/rules/cpf-cnpj";
import type { DelistingState } from "@/lib/rules/delisting";
import { formatDateBR, formatDateTimeBR, formatBRL, sumCents } from "@/lib/rules/money";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@/lib/rules/payment-method";
import { formatPlate } from "@/lib/rules/plate";
import { isSettled, liquidationStatusLabel } from "@/lib/rules/payment-status";

// The comprovante as data: what the PDF prints, decided here (pure, unit-tested) so the renderer
// only lays text out. Never card data beyond brand and last four; CPF/CNPJ and RENAVAM masked,
// because the document is attached to e-mails that get forwarded (so the document is masked by the
// e-mail's rule: a CNPJ too). The money part (receiptAmounts) is what the e-mails and the status
// page show as well, so the three cannot disagree.

export type ReceiptDebtSource = {
  title: string;
  type: string;
  ait?: string | null;
  year?: number | null;
  amountCents: number;
  status: string;
  settledAt?: Date | string | null;
  /** When the authority's own list no longer had it (only when the payment's verdict is confirmed). */
  delistedAt?: Date | string | null;
};

export type ReceiptSource = {
  payerName: string;
  payerCpfCnpj: string;
  plate: string;
  uf: string;
  renavam: string;
  method: PaymentMethod;
  cardBrand?: string | null;
  cardLastFour?: string | null;
  installments?: number | null;
  /** Total charged, with interest; null when upstream has not told us (then the debts' sum). */
  amountCents?: number | null;
  paidAt?: Date | string | null;
  /** Our reference for the attempt (the externalId sent upstream), not the status page's capability. */
  ourReference: string;
  paymentId?: string | null;
  transactionId?: string | null;
  debts: ReceiptDebtSource[];
  /** When the delisting checks confirmed every paid debt gone (receiptDelisting); null otherwise. */
  delistingConfirmedAt?: Date | string | null;
  issuedAt: Date;
};

export type ReceiptDebtLine = {
  title: string;
  reference: string | null;
  amount: string;
  amountCents: number;
  settlement: string;
  settled: boolean;
  /** "Baixa confirmada pelo órgão em dd/mm/aaaa", or null. */
  delisting: string | null;
};

export type ReceiptModel = {
  title: string;
  quitado: boolean;
  /** "Baixa confirmada pelo órgão em dd/mm/aaaa" (the decision's date) when confirmed, else null. */
  delisting: string | null;
  payer: { name: string; document: string };
  vehicle: { plate: string; uf: string; renavam: string };
  debts: ReceiptDebtLine[];
  method: string;
  debtsTotalCents: number;
  interestCents: number;
  totalCents: number;
  paidAt: string;
  issuedAt: string;
  references: { ours: string; paymentId: string; transactionId: string };
};

export const RECEIPT_TITLES = {
  partial: "Comprovante de pagamento",
  quitado: "Comprovante — quitado",
} as const;

/** `*******6780`: the last four digits, enough to tell two vehicles apart, no more. */
export function maskRenavam(renavam: string): string {
  const digits = renavam.replace(/\D/g, "");
  if (digits.length < 4) return "***";
  return `${"*".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

export function receiptMethod(
  s: Pick<ReceiptSource, "method" | "cardBrand" | "cardLastFour" | "installments">,
): string {
  switch (s.method) {
    case "pix":
      return PAYMENT_METHOD_LABELS.pix;
    case "credit_card": {
      const brand =
        s.cardBrand && s.cardBrand in CARD_BRAND_LABELS
          ? CARD_BRAND_LABELS[s.cardBrand as CardBrand]
          : PAYMENT_METHOD_LABELS.credit_card;
      const lastFour =
        s.cardLastFour && /^\d{4}$/.test(s.cardLastFour) ? ` final ${s.cardLastFour}` : "";
      const n = s.installments ?? 1;
      return `${brand}${lastFour} em ${n}x`;
    }
    default:
      return assertNever(s.method, "payment method");
  }
}

function debtReference(d: Pick<ReceiptDebtSource, "ait" | "year">): string | null {
  if (d.ait) return `AIT ${d.ait}`;
  if (d.year) return `Exercício ${d.year}`;
  return null;
}

function settlementText(d: ReceiptDebtSource): string {
  if (!isSettled(d.status)) return liquidationStatusLabel(d.status);
  const when = d.settledAt ? formatDateTimeBR(d.settledAt) : null;
  return when ? `Quitado em ${when}` : "Quitado";
}

/** The words of a confirmed delisting check, on the PDF and each of its debts. */
export function delistingConfirmedText(at: Date | string): string | null {
  const day = formatDateBR(at);
  return day ? `Baixa confirmada pelo órgão em ${day}` : null;
}

/** What a payment's delisting view (lib/delisting, DelistingView) puts on the comprovante. */
export type ReceiptDelisting = {
  decidedAt: string;
  debts: { debtId: string; confirmedAt: string }[];
};

/**
 * The comprovante says the authority confirmed the baixa only when the verdict is confirmed (every
 * paid debt gone from its list); checking, still listed or unverified add nothing to it.
 */
export function receiptDelisting(
  view:
    | {
        state: DelistingState;
        decidedAt?: string;
        debts: { debtId: string; state: DelistingState; confirmedAt?: string }[];
      }
    | null
    | undefined,
): ReceiptDelisting | null {
  if (view?.state !== "confirmed" || !view.decidedAt) return null;
  return {
    decidedAt: view.decidedAt,
    debts: view.debts.flatMap((d) =>
      d.state === "confirmed" && d.confirmedAt
        ? [{ debtId: d.debtId, confirmedAt: d.confirmedAt }]
        : [],
    ),
  };
}

export type ReceiptAmountsSource = Pick<
  ReceiptSource,
  "method" | "cardBrand" | "cardLastFour" | "installments" | "amountCents"
> & {
  debts: Pick<ReceiptDebtSource, "title" | "ait" | "year" | "amountCents">[];
};

/** The money of a payment as every place shows it: the method, each debt, their sum, the interest, the total. */
export type ReceiptAmounts = {
  method: string;
  debts: { title: string; reference: string | null; amountCents: number }[];
  debtsTotalCents: number;
  interestCents: number;
  totalCents: number;
};

export function receiptAmounts(s: ReceiptAmountsSource): ReceiptAmounts {
  const debtsTotalCents = sumCents(s.debts.map((d) => d.amountCents));
  const totalCents = s.amountCents ?? debtsTotalCents;
  return {
    method: receiptMethod(s),
    debts: s.debts.map((d) => ({
      title: d.title,
      reference: debtReference(d),
      amountCents: d.amountCents,
    })),
    debtsTotalCents,
    // Interest applies to every method (PIX and 1x too): what was charged beyond the debts.
    interestCents: Math.max(0, totalCents - debtsTotalCents),
    totalCents,
  };
}

export function buildReceiptModel(s: ReceiptSource): ReceiptModel {
  const debts = s.debts.map((d) => ({
    title: d.title,
    reference: debtReference(d),
    amount: formatBRL(d.amountCents),
    amountCents: d.amountCents,
    settlement: settlementText(d),
    settled: isSettled(d.status),
    delisting: d.delistedAt ? delistingConfirmedText(d.delistedAt) : null,
  }));
  const amounts = receiptAmounts(s);
  const quitado = debts.length > 0 && debts.every((d) => d.settled);
  return {
    title: quitado ? RECEIPT_TITLES.quitado : RECEIPT_TITLES.partial,
    quitado,
    delisting: s.delistingConfirmedAt ? delistingConfirmedText(s.delistingConfirmedAt) : null,
    payer: { name: s.payerName, document: maskCpfCnpjForMail(s.payerCpfCnpj) },
    vehicle: { plate: formatPlate(s.plate), uf: s.uf, renavam: maskRenavam(s.renavam) },
    debts,
    method: amounts.method,
    debtsTotalCents: amounts.debtsTotalCents,
    interestCents: amounts.interestCents,
    totalCents: amounts.totalCents,
    paidAt: (s.paidAt ? formatDateTimeBR(s.paidAt) : null) ?? "—",
    issuedAt: formatDateTimeBR(s.issuedAt) ?? "—",
    references: {
      ours: s.ourReference,
      paymentId: s.paymentId ?? "—",
      transactionId: s.transactionId ?? "—",
    },
  };
}
