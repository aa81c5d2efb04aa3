// How a payment is paid: a closed set, spelled as rows store it and as the upstream's
// `paymentMethod` does. Every place that turns a method into words, a mail, a PDF or a page
// switches on this type exhaustively, so a third method fails to compile until it has its words.

export const PAYMENT_METHODS = ["credit_card", "pix"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The method's name as people read it: the pay page's tabs, e-mails, the comprovante. */
export const PAYMENT_METHOD_LABELS = {
  credit_card: "Cartão de crédito",
  pix: "PIX",
} as const satisfies Record<PaymentMethod, string>;

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * A method read back from a row. Only lib/payments writes the column, with one of these values;
 * anything else is a bug, and it is said here rather than printed as some other method.
 */
export function storedPaymentMethod(value: string): PaymentMethod {
  if (isPaymentMethod(value)) return value;
  throw new Error(`unknown payment method stored: ${JSON.stringify(value)}`);
}
