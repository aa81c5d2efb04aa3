import "server-only";
import { processSingleton } from "@/lib/server/singleton";
import { runClaim, type ClaimOptions, type Job } from "./runner";
import { gatherWaitMs, type GatherPolicy } from "./gather";
import type { ClaimedRow } from "./queue";

// The one worker loop of a queue on this instance (pg-boss's worker: run, notify, stop):
// - kick(): start draining, or note that more arrived while a drain runs (it claims again);
// - drain: claim and run until nothing is due here;
// - wake: at the next row's due moment (a backed-off retry, a RetryLater), so it does not wait for
//   the background tick; the tick kicks every queue anyway, which takes up rows a dead instance held;
// - stop(): no wake-up any more, and the drain in hand finishes (lib/jobs stopJobs hands back leases).
// Every instance runs one per queue; the claims in the database decide who runs which row.

export type WorkerOptions<Row extends ClaimedRow> = {
  job: Job<Row>;
  claim: ClaimOptions;
  /** Stop draining on a claim shorter than `limit` (no empty claim at the end), unless kicked since. */
  stopOnShortClaim?: boolean;
  /** The next pending row's due moment (notBefore), read after a drain to wake then. */
  nextDue?: () => Promise<Date | null | undefined>;
  /**
   * Gathering a trickle. Each claim costs its own statements (the claim, a group step, the
   * finishes) whatever it holds, so rows that trickle in (a batch's webhooks, a steady stream of
   * deliveries) are better taken several per claim: after a claim shorter than its limit, the next
   * waits gatherWaitMs (lib/jobs/gather.ts) after it. A full claim goes on at once (a backlog),
   * and a row after a quiet spell longer than maxMs is claimed without waiting.
   */
  gather?: GatherPolicy;
  /** Called when a drain starts (a queue that paces itself resets its clock). */
  onDrainStart?: () => void;
  /** Told when a drain stopped on an error (the next kick starts again). */
  onError: (error: unknown) => void;
  /** Added to a wake-up's delay, so the row is due when the timer fires. */
  wakeSlackMs?: number;
  /** The queue's depth gauge in /api/metrics: rows not finished yet, fleet-wide. */
  depth: QueueDepth;
};

export type QueueDepth = { metric: string; help: string; count(): Promise<number> };

export type Worker = {
  name: string;
  depth: QueueDepth;
  kick(): Promise<void>;
  /** Wake this instance at `at` (once: an earlier wake-up already set covers it). */
  wakeAt(at: Date): void;
  /** Resolves when no drain runs in this process (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

// gatheredUntil: the next claim waits until then (0: at once); lastClaimAt: when the last claim
// started, the span the gathering reads its rate over.
type State = {
  draining?: Promise<void>;
  again: boolean;
  stopped: boolean;
  gatheredUntil: number;
  lastClaimAt: number;
  wake?: { at: number; timer: NodeJS.Timeout };
};

export function defineWorker<Row extends ClaimedRow>(options: WorkerOptions<Row>): Worker {
  const { job, claim } = options;
  const state = processSingleton<State>(`jobs.worker.${job.name}`, () => ({
    again: false,
    stopped: false,
    gatheredUntil: 0,
    lastClaimAt: 0,
  }));

  function wakeAt(at: Date): void {
    const when = at.getTime();
    if (state.stopped) return;
    if (state.wake && state.wake.at <= when && state.wake.at > Date.now()) return;
    if (state.wake) clearTimeout(state.wake.timer);
    const timer = setTimeout(
      () => {
        state.wake = undefined;
        void kick();
      },
      Math.max(0, when - Date.now()) + (options.wakeSlackMs ?? 20),
    );
    timer.unref();
    state.wake = { at: when, timer };
  }

  /** After a claim: how long the next one waits if this one was short (see `gather`). */
  function noteClaim(startedAt: number, claimed: number, short: boolean): void {
    const since = startedAt - state.lastClaimAt;
    state.lastClaimAt = startedAt;
    state.gatheredUntil =
      options.gather && short ? Date.now() + gatherWaitMs(options.gather, claimed, since) : 0;
  }

  async function drain(): Promise<void> {
    options.onDrainStart?.();
    do {
      state.again = false;
      for (;;) {
        const wait = state.gatheredUntil - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const startedAt = Date.now();
        const claimed = await runClaim(job, claim);
        const short = claimed < (typeof claim.limit === "function" ? claim.limit() : claim.limit);
        noteClaim(startedAt, claimed, short);
        if (claimed === 0 || (options.stopOnShortClaim && short)) break;
      }
    } while (state.again);
    const next = await options.nextDue?.();
    if (next) wakeAt(next);
  }

  function kick(): Promise<void> {
    state.again = true;
    state.draining ??= drain()
      .catch(options.onError)
      .finally(() => {
        state.draining = undefined;
      });
    return state.draining;
  }

  return {
    name: job.name,
    depth: options.depth,
    kick,
    wakeAt,
    idle: () => state.draining ?? Promise.resolve(),
    async stop() {
      state.stopped = true;
      if (state.wake) clearTimeout(state.wake.timer);
      state.wake = undefined;
      await state.draining;
    },
  };
}
