import type { ReceiptAmounts } from "@/lib/rules/receipt-model";
import { formatBRL } from "@/lib/rules/money";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@/lib/rules/payment-method";
import type { PaymentFacts } from "./define";

// The outbox stores a message's props as JSON and renders them at delivery, so a row queued by the
// previous release can be sent by this one. Those rows carry the older facts: one amount, the
// method as a code, debts without references. They are read into the same shape, with what they
// can say (no card brand or installments: they were never stored in the row).

type OlderPaymentFacts = {
  amountCents: number;
  method: PaymentMethod;
  debts: { title: string; amountCents: number }[];
};

export type StoredPaymentFacts = Omit<PaymentFacts, "receipt"> &
  ({ receipt: ReceiptAmounts } | OlderPaymentFacts);

export function amountsOf(x: StoredPaymentFacts): ReceiptAmounts {
  if ("receipt" in x) return x.receipt;
  const debtsTotalCents = x.debts.reduce((sum, d) => sum + d.amountCents, 0);
  return {
    method: PAYMENT_METHOD_LABELS[x.method],
    debts: x.debts.map((d) => ({ title: d.title, reference: null, amountCents: d.amountCents })),
    debtsTotalCents,
    interestCents: Math.max(0, x.amountCents - debtsTotalCents),
    totalCents: x.amountCents,
  };
}

/** The lines every payment e-mail shows below its facts, as label and amount. */
export function amountRows(a: ReceiptAmounts, totalLabel = "Total pago"): [string, string][] {
  return [
    ["Soma dos débitos", formatBRL(a.debtsTotalCents)],
    ["Juros", formatBRL(a.interestCents)],
    [totalLabel, formatBRL(a.totalCents)],
  ];
}

/** The debts for the HTML part's list. */
export function debtItems(
  a: ReceiptAmounts,
): { title: string; reference: string | null; amount: string }[] {
  return a.debts.map((d) => ({
    title: d.title,
    reference: d.reference,
    amount: formatBRL(d.amountCents),
  }));
}

/** The debts, one per line, for the text part. */
export function debtTextLines(a: ReceiptAmounts, suffix = ""): string[] {
  return a.debts.map(
    (d) =>
      `- ${d.title}${d.reference ? ` (${d.reference})` : ""}: ${formatBRL(d.amountCents)}${suffix}`,
  );
}
