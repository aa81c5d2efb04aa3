// The payment half's view of the shared store records: the contract types from ../context plus
// fields only this half reads (kept on the same objects, so ctx.store stays the single source).
import type { PaymentRecord, SandboxContext, SandboxStore } from "../context";
import type { CardBrand } from "./card-checks";
import type { CardScenario } from "./cards-catalog";

type BaseToken = SandboxStore["tokens"] extends Map<string, infer V> ? V : never;

export type TokenRecord = BaseToken & {
  scenario: CardScenario;
  brand: CardBrand;
  /** Key that created it: a token is only usable by the partner that tokenized the card. */
  apiKey: string;
  /** paymentId of the payment that consumed it (tokens are single-use). */
  usedBy?: string;
};

/**
 * Payment status values. The spec names the first five; `expired` is the sandbox's decision for
 * an unpaid PIX past its expiresAt.
 */
export type PaymentStatus =
  "paid" | "in_analysis" | "refused" | "processing" | "awaiting_payment" | "expired";

/** Settlement values (decision): `settled` is the only one the spec shows. */
export type LiquidationStatus = "pending" | "processing" | "settled" | "not_applicable";

export type SandboxPayment = PaymentRecord & {
  status: PaymentStatus;
  liquidationStatus: LiquidationStatus;
  scenario?: CardScenario;
  brand?: CardBrand;
  lastFourDigits?: string;
  /** Antifraud runs on every payment; kept for inspection, never on the wire. */
  antifraud: {
    decision: "approved" | "review" | "refused";
    at: Date;
    finalDecision?: "approved" | "refused";
  };
  refusedBy?: "operator" | "antifraud";
};

export function getPayment(ctx: SandboxContext, paymentId: string): SandboxPayment | undefined {
  return ctx.store.payments.get(paymentId) as SandboxPayment | undefined;
}

export function allPayments(ctx: SandboxContext): SandboxPayment[] {
  return [...ctx.store.payments.values()] as SandboxPayment[];
}

export function getToken(ctx: SandboxContext, token: string): TokenRecord | undefined {
  return ctx.store.tokens.get(token) as TokenRecord | undefined;
}
