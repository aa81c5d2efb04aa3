// The contract every part of the sandbox codes against: options, clock, in-memory state and the
// webhook dispatcher. State lives in memory and resets on every start (documented in the README).

export type SandboxOptions = {
  /** Accepted keys; only `sk_test_` keys are ever accepted. */
  apiKeys: string[];
  /** Multiplies simulated latencies (enrichment 1-5 s, lookup result delay...). 0 in tests. */
  latencyScale: number;
  /**
   * Multiplies the webhook retry schedule (15, 60, 90 minutes after the first attempt) and the
   * validity windows (checkout, PIX). 1 = real time; 1/60_000 turns a minute into a millisecond.
   */
  timeScale: number;
  /** Requests per minute per key before 429. Spec: 1000 standard. */
  rateLimitPerMinute: number;
  /** How long a webhook receiver has to answer 200 before the attempt counts as failed. */
  webhookAckTimeoutMs: number;
  /** How long the payment endpoint withholds its answer for the "timeout" test card. */
  withheldPaymentMs: number;
  /**
   * Optional overrides, in real milliseconds (not multiplied by timeScale), of the payment
   * timings in payments/timings.ts: lets a test keep a short retry schedule while giving card
   * tokens, checkouts or PIX codes a comfortable validity (or the reverse).
   */
  paymentTimings?: Partial<
    Record<
      | "cardTokenTtl"
      | "checkoutTtl"
      | "pixTtl"
      | "analysis"
      | "processing"
      | "settlementStart"
      | "debtSettlementStep",
      number
    >
  >;
  /** Injectable clock (SP maintenance window, expiries). */
  now: () => Date;
};

export type WebhookPayload = {
  type: string;
  transactionId: number | string;
  externalId: string;
  [key: string]: unknown;
};

export type DeliveryAttempt = {
  at: Date;
  /** HTTP status, or null when the receiver did not answer within webhookAckTimeoutMs. */
  status: number | null;
};

export type Delivery = {
  id: string;
  /** Key whose registered URL received it (inspection filter). */
  apiKey?: string;
  url: string;
  payload: WebhookPayload;
  attempts: DeliveryAttempt[];
  /** true once a 200 came back; no more attempts after that. */
  acknowledged: boolean;
};

export interface WebhookDispatcher {
  /**
   * Delivers at once to the URL registered by `apiKey` (nothing when none is registered), then
   * retries 15, 60 and 90 minutes (times timeScale) after the first attempt until a 200.
   */
  emit(apiKey: string, payload: WebhookPayload): void;
  /** Every delivery made so far (for the sandbox's own inspection endpoint and tests). */
  deliveries(): Delivery[];
  /** Waits until no delivery attempt is in flight (tests). */
  idle(): Promise<void>;
  /** Cancels pending retries (shutdown). */
  close(): void;
  /** Cancels pending retries and forgets past deliveries (POST /__sandbox/reset). */
  reset?(): void;
}

/** Debt as the spec's Debt table has it (reais on the wire). */
export type SandboxDebt = {
  id: string;
  amount: number;
  title: string;
  description: string;
  type: "ticket" | "ipva" | "licensing" | "service";
  dueDate: string | null;
  expirationDate: string | null;
  hasDiscount: boolean;
  isExpired: boolean;
  year: number | null;
  required: boolean;
  dependsOn: string[];
  distinct: string[];
  ait?: string;
};

export type VehicleKey = { uf: string; licensePlate: string; renavam: string };

export type LookupRecord = {
  apiKey: string;
  transactionId: number;
  externalId: string;
  vehicle: VehicleKey & { document: string };
  requestedAt: Date;
  /** Set once the result event was produced. */
  outcome?: "debts" | "VehicleWithoutDebts" | "VehicleNotFound" | "search-error-event";
  debts: SandboxDebt[];
};

export type CheckoutRecord = {
  apiKey: string;
  checkoutId: string;
  amountCents: number;
  debts: { id: string; amountCents: number }[];
  customer: { name: string; email: string; cpfCnpj: string; phone: string };
  vehicle: VehicleKey;
  createdAt: Date;
  expiresAt: Date;
  /** paymentId of the payment that paid it, once one did. */
  paidBy?: string;
};

export type PaymentRecord = {
  apiKey: string;
  paymentId: string;
  transactionId: number;
  externalId: string;
  checkoutId: string;
  method: "credit_card" | "pix";
  status: string;
  liquidationStatus: string;
  /** Amount charged, with interest, in cents. */
  amountCents: number;
  installments?: number;
  paidAt?: Date;
  settledAt?: Date;
  qrCode?: string;
  qrCodeImage?: string;
  expiresAt?: Date;
  debts: { id: string; status: string; settledAt?: Date }[];
  /** Status history, oldest first (sandbox inspection). */
  history: { status: string; at: Date }[];
};

export type SandboxStore = {
  lookups: Map<number, LookupRecord>;
  lookupsByExternalId: Map<string, number>;
  /** Every debt a lookup ever returned, by id, with the vehicle it belongs to. */
  debtsById: Map<string, { debt: SandboxDebt; vehicle: VehicleKey }>;
  tokens: Map<string, { brand: string; lastFourDigits: string; expiresAt: Date; scenario: string }>;
  checkouts: Map<string, CheckoutRecord>;
  payments: Map<string, PaymentRecord>;
  paymentsByExternalId: Map<string, string>;
  paymentsByTransactionId: Map<number, string>;
  /** One webhook URL per API key; a new registration replaces the previous one. */
  webhookUrlByKey: Map<string, string>;
  /** Timeline plates pinned to one day of their story (POST /__sandbox/timeline), by plate. */
  timelinePins: Map<string, number>;
  /**
   * Debt ids a paid payment covered, with the moment (sandbox clock) the first such payment became
   * paid: every lookup reads it (paid debts leave, or linger for the authority's lag) without
   * walking every payment.
   */
  paidAtByDebtId: Map<string, Date>;
};

export type SandboxContext = {
  options: SandboxOptions;
  store: SandboxStore;
  webhooks: WebhookDispatcher;
  /** Monotonic integer ids shared by lookups and payments (spec: transactionId is an integer). */
  nextTransactionId(): number;
  /** Timers the sandbox started (result delays, status progressions), cleared on close. */
  schedule(fn: () => void, delayMs: number): void;
};

export function createStore(): SandboxStore {
  return {
    lookups: new Map(),
    lookupsByExternalId: new Map(),
    timelinePins: new Map(),
    paidAtByDebtId: new Map(),
    debtsById: new Map(),
    tokens: new Map(),
    checkouts: new Map(),
    payments: new Map(),
    paymentsByExternalId: new Map(),
    paymentsByTransactionId: new Map(),
    webhookUrlByKey: new Map(),
  };
}
