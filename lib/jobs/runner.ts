import "server-only";
import { moduleLogger } from "@/lib/log/logger";
import {
  claim,
  deferMany,
  fail,
  finish,
  finishMany,
  release,
  renew,
  type ClaimedRow,
  type Queue,
} from "./queue";
import { RetryLater } from "./retry-later";
import { processSingleton } from "@/lib/server/singleton";
import { failSpan, inSpan, linksTo } from "@/lib/tracing/trace";

// Runs claimed rows: the handler's result is written through finish(), a thrown error backs off
// or gives up, RetryLater defers. The lease is renewed while a claim runs, and stopJobs() (the
// SIGTERM path) stops claiming, waits for running work, then hands back whatever is still held.

const log = moduleLogger("jobs");

export type Job<Row extends ClaimedRow> = Queue & {
  /** Does the work; returns the columns that mark the row done. Must be idempotent. */
  run(row: Row): Promise<Record<string, unknown>>;
  /** Told when a row was deferred, so the caller may wake up then (another instance may too). */
  onDeferred?(at: Date): void;
  /**
   * Optional group step, under the claim's lease, before the rows run: work that is cheaper done
   * once for the whole claim (one transaction instead of one per row). It may return the rows it
   * did whole, with the columns that mark each one done: those are finished together (finishMany)
   * and not run. Only a speed-up: run() must stay correct for a row prepare() skipped or failed
   * on, so an error here is logged, not fatal.
   */
  prepare?(rows: Row[]): Promise<ReadonlyMap<string, Record<string, unknown>> | void>;
  /**
   * Told, once per claim, which of its rows this claim finished (run()'s result, the group step's,
   * or given up), after they were written: work that follows a row's end (a batch whose last item
   * this was). An error here is logged; the rows stay finished.
   */
  afterFinish?(ids: string[]): Promise<void>;
};

export type ClaimOptions = {
  /** Rows per claim; a function is asked before each claim, and 0 claims nothing (a queue that knows it must wait). */
  limit: number | (() => number);
  /** Rows run at once; a function is asked again before each chunk (a queue that yields to requests). */
  concurrency: number | (() => number);
  between?: () => Promise<void>;
};

type State = { stopping: boolean; running: Set<Promise<unknown>>; queues: Map<string, Queue> };
const state = processSingleton<State>("jobs.runner", () => ({
  stopping: false,
  running: new Set(),
  queues: new Map(),
}));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rows of one chunk told to wait, by the moment they are due: written together after the chunk. */
type Deferrals = Map<number, string[]>;

/** At most this many links on a group step's span (a claim of 64 rows). */
const MAX_LINKS = 32;

/**
 * Each run is the root of its own trace, linked to the span that queued the row (its stored
 * traceparent: the webhook's delivery, the request that queued an e-mail or a batch).
 */
function runOne<Row extends ClaimedRow>(
  job: Job<Row>,
  token: string,
  row: Row,
  deferrals: Deferrals,
  finished: string[],
): Promise<void> {
  return inSpan(
    `job ${job.name}`,
    {
      root: true,
      links: linksTo(row.traceparent),
      attributes: { "job.queue": job.name, "job.row_id": row.id, "job.attempt": row.attempts },
    },
    async (span) => {
      try {
        const data = await job.run(row);
        if (await finish(job, token, row.id, data)) finished.push(row.id);
        else log.warn({ queue: job.name, id: row.id }, "lease lost before the row was finished");
      } catch (error) {
        if (error instanceof RetryLater) {
          const at = error.at.getTime();
          deferrals.set(at, [...(deferrals.get(at) ?? []), row.id]);
          span.setAttribute("outcome", "RetryLater");
          return;
        }
        failSpan(span, error);
        const gaveUp = await fail(job, token, row, message(error));
        if (gaveUp) finished.push(row.id);
        log.error(
          { err: error, queue: job.name, id: row.id, attempt: row.attempts, gaveUp },
          gaveUp ? "job failed for good" : "job failed, will retry",
        );
      }
    },
  );
}

/** Claims rows once and runs them; resolves with how many rows were claimed (0: nothing due here). */
export async function runClaim<Row extends ClaimedRow>(
  job: Job<Row>,
  options: ClaimOptions,
): Promise<number> {
  if (state.stopping) return 0;
  state.queues.set(job.name, job);
  const limit = typeof options.limit === "function" ? options.limit() : options.limit;
  if (limit <= 0) return 0;
  const { token, rows } = await claim<Row>(job, limit);
  if (rows.length === 0) return 0;
  const renewer = setInterval(
    () => {
      renew(job, token).catch((error: unknown) =>
        log.warn({ err: error, queue: job.name }, "lease renewal failed"),
      );
    },
    Math.max(1, Math.floor(job.leaseMs / 3)),
  );
  renewer.unref();
  let handled = 0;
  const finished: string[] = [];
  const work = (async () => {
    try {
      let rest = rows;
      if (job.prepare && !state.stopping) {
        const prepare = job.prepare;
        const done = await inSpan(
          `job ${job.name} group`,
          {
            root: true,
            links: linksTo(...rows.slice(0, MAX_LINKS).map((row) => row.traceparent)),
            attributes: { "job.queue": job.name, "job.rows": rows.length },
          },
          () => prepare(rows),
        ).catch(
          (error: unknown) =>
            void log.warn({ err: error, queue: job.name }, "group step failed: rows run alone"),
        );
        if (done && done.size > 0) {
          const count = await finishMany(job, token, done);
          if (count < done.size)
            log.warn(
              { queue: job.name, lost: done.size - count },
              "lease lost before rows were finished",
            );
          finished.push(...done.keys());
          rest = rows.filter((row) => !done.has(row.id));
          handled += done.size;
          await options.between?.();
        }
      }
      for (let i = 0; i < rest.length;) {
        if (state.stopping) break;
        const size =
          typeof options.concurrency === "function" ? options.concurrency() : options.concurrency;
        const chunk = rest.slice(i, (i += Math.max(1, size)));
        const deferrals: Deferrals = new Map();
        await Promise.all(chunk.map((row) => runOne(job, token, row, deferrals, finished)));
        // One statement per due moment (a job that rounds its RetryLater times shares them widely).
        for (const [at, ids] of deferrals) {
          await deferMany(job, token, ids, new Date(at));
          job.onDeferred?.(new Date(at));
        }
        handled += chunk.length;
        await options.between?.();
      }
      if (job.afterFinish && finished.length > 0)
        await job
          .afterFinish(finished)
          .catch((error: unknown) =>
            log.error({ err: error, queue: job.name }, "after-finish step failed"),
          );
    } finally {
      clearInterval(renewer);
      // Rows not started (stopping, or an error here) go back now, not after the lease.
      if (handled < rows.length)
        await release(job, token).catch((error: unknown) =>
          log.warn({ err: error, queue: job.name }, "release failed"),
        );
    }
  })();
  state.running.add(work);
  try {
    await work;
  } finally {
    state.running.delete(work);
  }
  return rows.length;
}

/**
 * For the SIGTERM handler: no new claims; running work gets `graceMs` to finish; then every lease
 * this process holds is handed back, so another instance picks the rows up at once.
 */
export async function stopJobs(graceMs = 10_000): Promise<void> {
  state.stopping = true;
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([Promise.allSettled([...state.running]), grace]);
  clearTimeout(timer);
  for (const q of state.queues.values()) {
    const count = await release(q).catch(
      (error: unknown) => (
        log.error({ err: error, queue: q.name }, "release on shutdown failed"),
        0
      ),
    );
    if (count > 0) log.info({ queue: q.name, count }, "leases handed back on shutdown");
  }
}

/** Tests only: claim again after stopJobs(). */
export function resumeJobsForTests(): void {
  state.stopping = false;
}
