// Payment status lattice. Webhooks arrive late, twice or out of order, and the status endpoint
// may answer in between, so every writer goes through canTransition: status only moves forward.
// The whole state machine (who moves what, what a person sees) is docs/payment-states.md, drawn
// from lib/rules/payment-states.ts.

export const KNOWN_PAYMENT_STATUSES = [
  "pending", // ours: we sent the payment and have no answer yet (e.g. the sync call timed out)
  "awaiting_payment",
  "processing",
  "in_analysis",
  "paid",
  "refused",
  "expired",
  // ours: the upstream never knew this attempt (404 by our externalId past the grace after a call
  // whose outcome we did not learn). Final for the person (nothing charged, pay again), yet a later
  // answer of the upstream that proves the payment exists reopens it.
  "not_created",
  // ours: a PIX the upstream created whose code never reached us (our call's answer was lost, or
  // the upstream created it late) and that a replay of our call with the same externalId did not
  // bring back. Nobody holds its code, so nobody can pay it: ended, nothing charged, pay again. Only
  // the upstream's proof of a charge (or its own end) replaces it; `awaiting_payment` never does.
  "abandoned",
] as const;

export type KnownPaymentStatus = (typeof KNOWN_PAYMENT_STATUSES)[number];
/** Upstream's list is "not shown" in the spec: anything else is kept verbatim. */
export type PaymentStatus = KnownPaymentStatus | (string & {});

export const FINAL_PAYMENT_STATUSES = [
  "paid",
  "refused",
  "expired",
  "not_created",
  "abandoned",
] as const;

/** Statuses that free the checkout's debts for another payment (nothing was or can be charged). */
export const RELEASING_PAYMENT_STATUSES = [
  "refused",
  "expired",
  "not_created",
  "abandoned",
] as const;

/**
 * Our own verdicts (final for the person) that still give way to what the upstream later proves:
 * they are asked about again, and every event about them is confirmed.
 */
export function isOurConclusion(status: string): boolean {
  return status === "not_created" || status === "abandoned";
}

// Rank within the non-final statuses. in_analysis ranks above processing: antifraud runs on a
// payment already being processed, so a late `processing` must not hide `in_analysis`.
const RANK: Readonly<Record<KnownPaymentStatus, number>> = {
  pending: 0,
  awaiting_payment: 1,
  processing: 2,
  in_analysis: 3,
  paid: 4,
  refused: 4,
  expired: 4,
  not_created: 4,
  abandoned: 4,
};

export function isKnownPaymentStatus(status: string): status is KnownPaymentStatus {
  return Object.hasOwn(RANK, status);
}

export function isFinal(status: string): boolean {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether `to`, an upstream answer, may replace `from`. Same status: false (nothing to write).
 * - `paid`, `refused` and `expired` never change;
 * - `not_created` is our conclusion from the upstream's silence: any answer of the upstream about
 *   the payment proves it exists, so it reopens (it is never an upstream value itself);
 * - `abandoned` is our end of a PIX whose code we never got: the upstream's `awaiting_payment` is
 *   what we ended it on, so only another answer (a charge, a refusal, its expiry) replaces it;
 * - known statuses move only up the rank (a late `processing` never overwrites `in_analysis`);
 * - nothing moves back to `pending`;
 * - an unknown status cannot be ranked: it may replace any non-final status and be replaced by
 *   any known status other than `pending`, but never overwrites a final one.
 */
export function canTransition(from: string, to: string): boolean {
  if (from === to || to === "pending" || to === "not_created" || to === "abandoned") return false;
  if (from === "not_created") return true;
  if (from === "abandoned") return to !== "awaiting_payment";
  if (isFinal(from)) return false;
  const fromKnown = isKnownPaymentStatus(from);
  const toKnown = isKnownPaymentStatus(to);
  if (!fromKnown || !toKnown) return true;
  return RANK[to] > RANK[from];
}

/** The status to store after hearing `incoming` while holding `current`. */
export function mergePaymentStatus(current: string, incoming: string): string {
  return canTransition(current, incoming) ? incoming : current;
}

export const PAYMENT_STATUS_LABELS: Readonly<Record<KnownPaymentStatus, string>> = {
  pending: "Aguardando resposta",
  awaiting_payment: "Aguardando pagamento",
  processing: "Processando",
  in_analysis: "Em análise",
  paid: "Pago",
  refused: "Recusado",
  expired: "Expirado",
  not_created: "Não realizado",
  abandoned: "Encerrado sem código",
};

/** A value the upstream returned that we do not know: money may have moved, so it is checked. */
export const UNKNOWN_STATUS_LABEL = "Em verificação com a operadora";

export function paymentStatusLabel(status: string): string {
  return isKnownPaymentStatus(status) ? PAYMENT_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/** Drives the badge colour; unknown statuses look like "waiting", never like success. */
export function paymentStatusTone(status: string): "success" | "danger" | "waiting" | "neutral" {
  if (status === "paid") return "success";
  if (status === "refused") return "danger";
  if (status === "expired" || status === "not_created" || status === "abandoned") return "neutral";
  return "waiting";
}

// Settlement (liquidationStatus, and each debt's status in the status query). The spec only
// shows `settled`; the earlier steps are our vocabulary for "not yet".
export const KNOWN_LIQUIDATION_STATUSES = ["pending", "processing", "settled"] as const;
export type KnownLiquidationStatus = (typeof KNOWN_LIQUIDATION_STATUSES)[number];

const LIQUIDATION_RANK: Readonly<Record<KnownLiquidationStatus, number>> = {
  pending: 0,
  processing: 1,
  settled: 2,
};

export function isSettled(status: string | null | undefined): boolean {
  return status === "settled";
}

/** Settlement follows its payment: nothing is "em baixa" before paid, nor after a refusal. */
export function settlementMoves(paymentStatus: string): boolean {
  return paymentStatus === "paid";
}

/** Same rules as canTransition, toward `settled`, which is final. */
export function canTransitionLiquidation(from: string | null | undefined, to: string): boolean {
  if (from === null || from === undefined) return true;
  if (from === to || from === "settled" || to === "pending") return false;
  const fromKnown = Object.hasOwn(LIQUIDATION_RANK, from);
  const toKnown = Object.hasOwn(LIQUIDATION_RANK, to);
  if (!fromKnown || !toKnown) return true;
  return (
    LIQUIDATION_RANK[to as KnownLiquidationStatus] >
    LIQUIDATION_RANK[from as KnownLiquidationStatus]
  );
}

export const LIQUIDATION_STATUS_LABELS: Readonly<Record<KnownLiquidationStatus, string>> = {
  pending: "Aguardando baixa",
  processing: "Baixa em andamento",
  settled: "Quitado",
};

export function liquidationStatusLabel(status: string | null | undefined): string {
  if (status && Object.hasOwn(LIQUIDATION_STATUS_LABELS, status)) {
    return LIQUIDATION_STATUS_LABELS[status as KnownLiquidationStatus];
  }
  return "Aguardando baixa";
}
