// Webhooks out's delivery rules (docs/api-webhooks.md): when a failed delivery is tried again, when
// it is given up, and when an endpoint that keeps failing is switched off. Pure: the queue
// (lib/api-events/delivery-job.ts) reads them through lib/jobs' RetryPolicy.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after each failed try (Svix's schedule): the first try at once, then 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h, about 27.6 h in all; the eighth failure gives the delivery up.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** Tries of one delivery: the first, and one after each wait. */
export const WEBHOOK_MAX_TRIES = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** The schedule as lib/jobs reads a queue's retry policy (its RetryPolicy's shape). */
export const WEBHOOK_RETRY = {
  maxAttempts: WEBHOOK_MAX_TRIES,
  baseDelayMs: WEBHOOK_RETRY_DELAYS_MS[0]!,
  maxDelayMs: WEBHOOK_RETRY_DELAYS_MS.at(-1)!,
  schedule: WEBHOOK_RETRY_DELAYS_MS,
} as const;

/** When try `n` (1-based) is due, counted from the first try (the sum of the waits before it). */
export function tryOffsetMs(n: number): number {
  return WEBHOOK_RETRY_DELAYS_MS.slice(0, Math.max(0, n - 1)).reduce((a, b) => a + b, 0);
}

/** At most this much of an answer is read and kept for the log. */
export const WEBHOOK_ANSWER_BYTES = 1024;

/** An answer that counts as delivered: 2xx only (a 3xx is not followed, so it fails). */
export const isDelivered = (status: number): boolean => status >= 200 && status < 300;

/**
 * Whether an endpoint failing since `failingSince` (no success since) is switched off now, after
 * `periodMs` (API_WEBHOOK_DISABLE_AFTER_HOURS, 5 days by default).
 */
export function switchesOff(failingSince: Date | null, now: Date, periodMs: number): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= periodMs;
}
