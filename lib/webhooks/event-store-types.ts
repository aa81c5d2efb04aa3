// Shared by the webhook inbox's two stores (event-store-sqlite.ts, event-store-pg.ts).

/** How long a delivery may wait for the store before we answer 503 (the upstream retries). */
export const STORE_DEADLINE_MS = 2_000;

export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`webhook store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = "StoreUnavailableError";
  }
}

export type NewWebhookEvent = {
  dedupeKey: string;
  type: string;
  transactionId: string | null;
  externalId: string | null;
  payload: string;
  /** The delivery's span (lib/tracing), for the apply's span to link to. */
  traceparent: string | null;
};

export type InsertResult = { stored: true; id: string } | { stored: false };
