// The state-changing calls, typed once. Pages wrap them in useMutation. Request bodies are the
// input types of the zod schemas the routes parse (lib/validation), so the two cannot drift.

import type { CardTokenInputValues } from "@/lib/validation/card-input";
import type { CheckoutInputValues } from "@/lib/validation/checkout-input";
import type { LookupInputValues } from "@/lib/validation/lookup-input";
import type { PaymentInputValues } from "@/lib/validation/payment-input";
import { fetchJson } from "./fetch-json";
import type { PaymentView } from "./types";

export function createLookup(input: LookupInputValues) {
  return fetchJson<{ lookupId: string }>("/api/lookups", { method: "POST", body: input });
}

export function retryLookup(lookupId: string) {
  return fetchJson<{ lookupId: string }>(`/api/lookups/${encodeURIComponent(lookupId)}/retry`, {
    method: "POST",
  });
}

export function createCheckout(body: CheckoutInputValues) {
  return fetchJson<{ token: string; amountCents: number; expiresAt: string }>("/api/checkouts", {
    method: "POST",
    body,
  });
}

export function tokenizeCard(token: string, card: CardTokenInputValues) {
  return fetchJson<{ cardToken: string; brand: string; lastFourDigits: string }>(
    `/api/checkouts/${encodeURIComponent(token)}/card-token`,
    { method: "POST", body: card },
  );
}

/** The payments body: the schema's input without `checkoutToken`, which travels in the path (each method's shape kept). */
export type PaymentBody = PaymentInputValues extends infer V
  ? V extends unknown
    ? Omit<V, "checkoutToken">
    : never
  : never;

export function createPayment(token: string, body: PaymentBody) {
  return fetchJson<PaymentView>(`/api/checkouts/${encodeURIComponent(token)}/payments`, {
    method: "POST",
    body,
  });
}

/** "Gerar novo link": a fresh share link for an expired one. */
export function renewLink(token: string) {
  return fetchJson<{ token: string; amountCents: number; expiresAt: string }>(
    `/api/links/${encodeURIComponent(token)}/renew`,
    { method: "POST" },
  );
}

/**
 * The payer's "Gerar novo pagamento" on a shared link whose PIX ended abandoned: a new link for the
 * same debts, or the one already made from this link.
 */
export function repayLink(token: string) {
  return fetchJson<{ token: string; amountCents: number; expiresAt: string }>(
    `/api/checkouts/${encodeURIComponent(token)}/repay`,
    { method: "POST" },
  );
}

/** A fresh PIX code once the one on screen expired; the same one back if another tab already asked. */
export function renewPix(paymentRef: string) {
  return fetchJson<PaymentView>(`/api/payments/${encodeURIComponent(paymentRef)}/pix/renew`, {
    method: "POST",
  });
}
