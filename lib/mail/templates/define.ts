import type { ReceiptAmounts } from "@/lib/rules/receipt-model";
import type { ReactElement } from "react";

// A template: the subject, the HTML body as a React component and the plain-text part, all from
// the same props (stored as JSON in the outbox row, rendered at delivery time).
export type MailTemplate<P> = {
  subject(props: P): string;
  Html(props: P): ReactElement;
  text(props: P): string;
  /** Extra headers (List-Unsubscribe for subscriptions). */
  headers?(props: P): Record<string, string>;
};

export function defineTemplate<P>(t: MailTemplate<P>): MailTemplate<P> {
  return t;
}

/**
 * What the payment e-mails show; amounts in cents, document already masked, never card data.
 * `receipt` is the comprovante's own money part (lib/rules/receipt-model.ts), so the e-mail
 * says what the PDF and the status page say.
 */
export type PaymentFacts = {
  customerName: string;
  /** Masked CPF/CNPJ, e.g. ***.456.789-** */
  document: string;
  plate: string;
  receipt: ReceiptAmounts;
  statusUrl: string;
};
