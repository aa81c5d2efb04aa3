// Pure rule for gathering a trickle of rows into fewer claims (lib/jobs/worker.ts `gather`): no
// Prisma, no timers, unit-tested (tests/unit/jobs-gather.test.ts).

export type GatherPolicy = {
  /** Rows a claim should carry while they trickle in. */
  rows: number;
  /** Least wait after a short claim. */
  minMs: number;
  /** Most wait after a short claim; a row after a longer quiet spell is claimed at once. */
  maxMs: number;
};

/**
 * How long after a short claim the next one waits: the time `rows` rows take to come at the rate
 * this claim saw (`claimed` rows since the previous claim started, `sinceMs` ago), within
 * [minMs, maxMs]. An empty claim (another instance took the rows) waits the most. Instances of a
 * fleet share one stream, so each sees a slower rate and waits longer.
 */
export function gatherWaitMs(policy: GatherPolicy, claimed: number, sinceMs: number): number {
  const needed = claimed > 0 ? (policy.rows * Math.max(0, sinceMs)) / claimed : policy.maxMs;
  return Math.min(policy.maxMs, Math.max(policy.minMs, needed));
}
