// The state-changing calls, typed once. Pages wrap them in useMutation.

import type { LookupInputValues } from "@/lib/validation/lookup-input";
import { fetchJson } from "./fetch-json";
import type { PaymentView } from "./types";

export function createLookup(input: LookupInputValues) {
  return fetchJson<{ lookupId: string }>("/api/lookups", { method: "POST", body: input });
}

export function retryLookup(lookupId: string) {
  return fetchJson<{ lookupId: string }>(`/api/lookups/${encodeURIComponent(lookupId)}/retry`, { method: "POST" });
}

export type CustomerBody = { nome: string; email: string; celular: string; cpfCnpj: string };

export function createCheckout(body: { lookupId: string; debtIds: string[]; customer: CustomerBody; kind: "owner" | "share" }) {
  return fetchJson<{ token: string; amountCents: number; expiresAt: string }>("/api/checkouts", { method: "POST", body });
}

export function tokenizeCard(token: string, card: { numero: string; nome: string; validade: string; cvv: string }) {
  return fetchJson<{ cardToken: string; brand: string; lastFourDigits: string }>(
    `/api/checkouts/${encodeURIComponent(token)}/card-token`,
    { method: "POST", body: card },
  );
}

export type PaymentBody =
  | { attemptId: string; method: "pix"; emailPix?: boolean }
  | { attemptId: string; method: "credit_card"; cardToken: string; installments: number };

export function createPayment(token: string, body: PaymentBody) {
  return fetchJson<PaymentView>(`/api/checkouts/${encodeURIComponent(token)}/payments`, { method: "POST", body });
}

/** "Gerar novo link": a fresh share link for an expired one. */
export function renewLink(token: string) {
  return fetchJson<{ token: string; amountCents: number; expiresAt: string }>(`/api/links/${encodeURIComponent(token)}/renew`, { method: "POST" });
}

/** A fresh PIX code once the one on screen expired; the same one back if another tab already asked. */
export function renewPix(paymentRef: string) {
  return fetchJson<PaymentView>(`/api/payments/${encodeURIComponent(paymentRef)}/pix/renew`, { method: "POST" });
}
