// Pure retry rules for lib/jobs: no Prisma, no timers, unit-tested (tests/unit/jobs-backoff.test.ts).

export type RetryPolicy = {
  /** Tries before giving up (the row is then finished as failed). */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one. */
  baseDelayMs: number;
  /** Ceiling of that wait. */
  maxDelayMs: number;
  /**
   * A fixed schedule instead of doubling: the wait after failure n is schedule[n - 1] (the last
   * one repeats), e.g. webhooks out's 5 s, 5 min, 30 min … over a day (lib/rules/webhook-delivery.ts).
   */
  schedule?: readonly number[];
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
};

/** Delay before try number `attempts + 1`, after `attempts` failed tries (attempts >= 1). */
export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  if (policy.schedule?.length)
    return policy.schedule[Math.max(0, Math.min(attempts, policy.schedule.length) - 1)]!;
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

/** Whether a row that has now failed `attempts` times is given up. */
export function givesUp(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): boolean {
  return attempts >= policy.maxAttempts;
}
