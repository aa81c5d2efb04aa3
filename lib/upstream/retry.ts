import "server-only";
import pRetry from "p-retry";
import { moduleLogger } from "@/lib/log/logger";
import { isUpstreamError, type UpstreamError } from "./errors";

// When a failed upstream call is tried again, and how long we wait.
//
// - 429: upstream refused before doing anything, so a retry is safe for every call. We wait the
//   retryAfter it sends (1 s when it sends none), but only while that is at most
//   RATE_LIMIT_MAX_WAIT_S: a person is waiting on the other side, and retryAfter 60 (the spec's
//   example) is better told to them ("tente de novo em 1 minuto") than slept on. At most
//   RATE_LIMIT_MAX_RETRIES such waits per call.
// - 503, 502/504 and network errors: exponential backoff with jitter (250 ms, 500 ms... x1-2,
//   capped at 2 s), only for
//     "idempotent"       enrichment, installments, payment status, health, webhook register: 2 retries;
//     "same-external-id" debt lookup and payment, whose body carries the externalId we stored
//                        before the first call, so upstream answers a retry with the same lookup
//                        or payment instead of starting a second one: 1 retry.
//   "none" (tokenization, checkout: no idempotency key) never retries these.
// - Timeouts are never retried: the caller already waited the whole budget, and a payment that
//   timed out is pending, not failed.
// - Anything else (4xx, 500, bad body) is final.

export const RATE_LIMIT_MAX_WAIT_S = 5;
export const RATE_LIMIT_MAX_RETRIES = 2;
const BACKOFF = { minTimeout: 250, factor: 2, maxTimeout: 2000, randomize: true } as const;
const BACKOFF_RETRIES = { idempotent: 2, "same-external-id": 1, none: 0 } as const;
const TRANSIENT = new Set(["UPSTREAM_UNAVAILABLE", "UPSTREAM_BAD_GATEWAY", "UPSTREAM_NETWORK"]);

export type RetryPolicy = keyof typeof BACKOFF_RETRIES;

const log = moduleLogger("upstream-retry");

const isRateLimit = (error: unknown): error is UpstreamError =>
  isUpstreamError(error) && error.code === "UPSTREAM_RATE_LIMITED";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withRetry<T>(
  operation: string,
  policy: RetryPolicy,
  call: () => Promise<T>,
): Promise<T> {
  let rateLimitWaits = 0;
  let backoffRetries = 0;
  const maxBackoff = BACKOFF_RETRIES[policy];
  return pRetry(call, {
    ...BACKOFF,
    retries: maxBackoff + RATE_LIMIT_MAX_RETRIES,
    // 429 waits are ours (retryAfter), so they neither consume the backoff budget nor add p-retry's delay.
    shouldConsumeRetry: ({ error }) => !isRateLimit(error),
    onFailedAttempt: async ({ error, attemptNumber }) => {
      if (isRateLimit(error)) {
        const waitS = error.retryAfterSeconds ?? 1;
        if (waitS > RATE_LIMIT_MAX_WAIT_S || rateLimitWaits >= RATE_LIMIT_MAX_RETRIES) throw error;
        rateLimitWaits += 1;
        log.info({ operation, attemptNumber, waitS }, "upstream rate limited: waiting retryAfter");
        await sleep(waitS * 1000);
        return;
      }
      if (isUpstreamError(error) && TRANSIENT.has(error.code) && backoffRetries < maxBackoff) {
        backoffRetries += 1;
        log.info(
          { operation, attemptNumber, code: error.code, policy },
          "transient upstream failure: retrying",
        );
        return;
      }
      // Throwing here ends p-retry at once with this error.
      throw error;
    },
  });
}
