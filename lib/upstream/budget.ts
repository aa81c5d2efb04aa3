import "server-only";
import { db as appDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/create-client";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import {
  capFor,
  classOf,
  pauseSecondsLeft,
  secondsToNextWindow,
  shareCapFor,
  windowOf,
  type BudgetConfig,
} from "./budget-rules";
import { UpstreamError } from "./errors";
import { processSingleton } from "@/lib/server/singleton";

// The fleet's share of the API key's rate, kept in the database so every instance counts together
// (rules in budget-rules.ts). Every upstream call takes one unit before it is sent:
//   hot path   ONE statement: a conditional increment of this minute's row
//              (UPDATE ... SET count = count + 1 WHERE minute = ? AND count < cap), atomic on
//              SQLite and PostgreSQL alike, so concurrent instances can never overshoot the cap.
//   new minute one INSERT ... ON CONFLICT DO NOTHING by whichever instance comes first (the others
//              then increment), plus a cleanup of old rows by the one that inserted.
//   pauses     an upstream 429 with retryAfter is written to UpstreamPause; each process re-reads
//              the live pauses at most once per PAUSE_REFRESH_MS, so another instance honours a
//              pause within a second without a second statement on every call.
// A spent budget or a paused operation fails fast with the same UpstreamError an upstream 429
// gives (UPSTREAM_RATE_LIMITED, retryAfterSeconds, notSent): routes answer 429 with a pt-BR message
// and Retry-After, retry.ts waits only when that is a few seconds, and background work (payment
// status sweeps, webhook registration) is rescheduled by its own retry rather than sleeping here
// while it holds a lease. If the database itself fails, the call is sent (fail open): the budget
// protects the key's rate, and upstream's own 429 still guards it.

const log = moduleLogger("upstream-budget");

export const PAUSE_REFRESH_MS = 1000;
const KEEP_WINDOWS = 60;

export type UpstreamBudget = {
  /** Takes one unit for `operation` or throws UPSTREAM_RATE_LIMITED without sending anything. */
  take(operation: string): Promise<void>;
  /** Pauses `operation` for the whole fleet after upstream answered 429 with retryAfter. */
  recordPause(operation: string, retryAfterSeconds: number): Promise<void>;
  /**
   * Takes `count` units of this window at once (all or none, ONE statement) for calls about to be
   * sent together (a batch's group); the next `count` take(operation) in this window spend them
   * without asking the database. Units of a window that ended are dropped, never carried over.
   */
  takeAhead(operation: string, count: number): Promise<boolean>;
  /**
   * One unit of a pool's own ceiling (`share` per window: Radar's RadarBudgetWindow by default,
   * the public API's ApiBudgetWindow) AND one general unit
   * for `operation`, taken ahead like takeAhead(operation, 1) so the call's own take() spends it.
   * Resolves 0 when both were taken, else the seconds to wait (nothing taken: a share unit whose
   * general unit was refused is given back). Background work only: never throws, and refuses
   * when the database cannot tell (Radar can wait; people's calls fail open instead).
   */
  takeShare(operation: string, share: number, pool?: SharePool): Promise<number>;
};

/** The capped shares of the lookups' budget, each counted in its own table. */
export type SharePool = "radar" | "api";

function refusal(
  operation: string,
  reason: "spent" | "paused",
  retryAfterSeconds: number,
): UpstreamError {
  metrics.budgetRefusals.inc({ operation, reason });
  log.warn({ operation, reason, retryAfterSeconds }, "upstream call not sent: fleet budget");
  return new UpstreamError({
    code: "UPSTREAM_RATE_LIMITED",
    retryAfterSeconds,
    notSent: true,
    upstreamMessage:
      reason === "spent"
        ? "fleet budget spent for this minute"
        : "operation paused after an upstream 429",
  });
}

export function createBudget(
  db: Db,
  config: BudgetConfig,
  now: () => number = Date.now,
): UpstreamBudget {
  let knownWindow = -1; // newest window this process has seen a row for
  let pauses = new Map<string, number>();
  let pausesReadAt = Number.NEGATIVE_INFINITY;
  let pausesReading: Promise<void> | undefined;

  async function refreshPauses(t: number): Promise<void> {
    if (t - pausesReadAt < PAUSE_REFRESH_MS) return;
    pausesReading ??= db.upstreamPause
      .findMany({ where: { pausedUntil: { gt: new Date(t) } } })
      .then((rows) => {
        pauses = new Map(rows.map((r) => [r.operation, r.pausedUntil.getTime()]));
        pausesReadAt = t;
      })
      .finally(() => (pausesReading = undefined));
    await pausesReading;
  }

  // Raw SQL, portable to SQLite and PostgreSQL, on purpose: Prisma's updateMany/createMany wrap
  // their one statement in BEGIN ... COMMIT through the driver adapter, three round trips holding
  // the write lock across awaits. These are one statement each, atomic on their own.
  async function increment(minute: number, cap: number, units = 1): Promise<boolean> {
    const changed =
      await db.$executeRaw`UPDATE "UpstreamBudgetWindow" SET "count" = "count" + ${units} WHERE "minute" = ${minute} AND "count" + ${units} <= ${cap}`;
    return changed === 1;
  }

  /** True when this process created the window's row (and so took its first units). */
  async function openWindow(minute: number, units = 1): Promise<boolean> {
    const inserted =
      await db.$executeRaw`INSERT INTO "UpstreamBudgetWindow" ("minute", "count") VALUES (${minute}, ${units}) ON CONFLICT ("minute") DO NOTHING`;
    knownWindow = minute;
    if (inserted === 1)
      db.upstreamBudgetWindow
        .deleteMany({ where: { minute: { lt: minute - KEEP_WINDOWS } } })
        .catch(() => undefined);
    return inserted === 1;
  }

  // Each share pool's own counter: a fixed table name per pool, never input.
  const shareTables = {
    radar: {
      table: Prisma.raw(`"RadarBudgetWindow"`),
      dropBefore: (minute: number) =>
        db.radarBudgetWindow.deleteMany({ where: { minute: { lt: minute } } }),
    },
    api: {
      table: Prisma.raw(`"ApiBudgetWindow"`),
      dropBefore: (minute: number) =>
        db.apiBudgetWindow.deleteMany({ where: { minute: { lt: minute } } }),
    },
  } as const;
  const knownShareWindow: Record<SharePool, number> = { radar: -1, api: -1 };
  async function openShareWindow(pool: SharePool, minute: number): Promise<boolean> {
    const { table, dropBefore } = shareTables[pool];
    const inserted =
      await db.$executeRaw`INSERT INTO ${table} ("minute", "count") VALUES (${minute}, 1) ON CONFLICT ("minute") DO NOTHING`;
    knownShareWindow[pool] = minute;
    if (inserted === 1) dropBefore(minute - KEEP_WINDOWS).catch(() => undefined);
    return inserted === 1;
  }
  const takeShareUnit = async (pool: SharePool, minute: number, cap: number) =>
    (await db.$executeRaw`UPDATE ${shareTables[pool].table} SET "count" = "count" + 1 WHERE "minute" = ${minute} AND "count" + 1 <= ${cap}`) ===
    1;

  // Units this process took ahead (takeAhead), per operation, valid only in their own window:
  // already counted in the database, so spending them here can never overshoot the cap.
  const ahead = new Map<string, { minute: number; left: number }>();

  async function takeUnits(operation: string, minute: number, units: number): Promise<boolean> {
    const cap = capFor(classOf(operation), config);
    if (cap < units) return false;
    // Read before the increment: a concurrent take in this process may open the window while ours
    // is in flight, and a refusal is only true when the row existed before we tried.
    const windowWasOpen = knownWindow === minute;
    if (await increment(minute, cap, units)) return true;
    if (windowWasOpen) return false;
    return (await openWindow(minute, units)) || (await increment(minute, cap, units));
  }

  async function tryTake(operation: string, t: number): Promise<UpstreamError | undefined> {
    await refreshPauses(t);
    const pauseLeft = pauseSecondsLeft(pauses.get(operation), t);
    if (pauseLeft > 0) return refusal(operation, "paused", pauseLeft);
    const minute = windowOf(t);
    const credit = ahead.get(operation);
    if (credit && credit.minute === minute && credit.left > 0) {
      credit.left -= 1;
      return undefined;
    }
    if (await takeUnits(operation, minute, 1)) return undefined;
    return refusal(operation, "spent", secondsToNextWindow(t));
  }

  const api: UpstreamBudget = {
    async take(operation) {
      let refused: UpstreamError | undefined;
      try {
        refused = await tryTake(operation, now());
      } catch (error) {
        log.error(
          { operation, err: error instanceof Error ? error.message : String(error) },
          "upstream budget unavailable: sending anyway",
        );
        return;
      }
      if (refused) throw refused;
    },

    async takeAhead(operation, count) {
      const t = now();
      try {
        await refreshPauses(t);
        if (count < 1 || pauseSecondsLeft(pauses.get(operation), t) > 0) return false;
        const minute = windowOf(t);
        if (!(await takeUnits(operation, minute, count))) return false;
        const credit = ahead.get(operation);
        ahead.set(operation, {
          minute,
          left: (credit?.minute === minute ? credit.left : 0) + count,
        });
        return true;
      } catch (error) {
        // The one-unit path decides then (and fails open the same way).
        log.error(
          { operation, err: error instanceof Error ? error.message : String(error) },
          "upstream budget unavailable for a group take",
        );
        return false;
      }
    },

    async takeShare(operation, share, pool = "radar") {
      const t = now();
      const minute = windowOf(t);
      const wait = secondsToNextWindow(t);
      try {
        const cap = shareCapFor(share, config);
        if (cap < 1) return wait;
        const took =
          (await takeShareUnit(pool, minute, cap)) ||
          (knownShareWindow[pool] !== minute && (await openShareWindow(pool, minute))) ||
          (await takeShareUnit(pool, minute, cap));
        if (!took) return wait;
        if (await api.takeAhead(operation, 1)) return 0;
        // People spent the general budget of this window: the share unit goes back, unused.
        await db.$executeRaw`UPDATE ${shareTables[pool].table} SET "count" = "count" - 1 WHERE "minute" = ${minute} AND "count" > 0`;
        return Math.max(wait, pauseSecondsLeft(pauses.get(operation), t));
      } catch (error) {
        log.error(
          { operation, pool, err: error instanceof Error ? error.message : String(error) },
          "share budget unavailable: waiting",
        );
        return wait;
      }
    },

    async recordPause(operation, retryAfterSeconds) {
      const pausedUntil = new Date(now() + retryAfterSeconds * 1000);
      pauses.set(operation, pausedUntil.getTime());
      metrics.upstreamPauses.inc({ operation });
      log.warn(
        { operation, retryAfterSeconds },
        "upstream rate limited us: operation paused for the fleet",
      );
      try {
        await db.upstreamPause.upsert({
          where: { operation },
          create: { operation, pausedUntil },
          update: { pausedUntil },
        });
      } catch (error) {
        log.error(
          { operation, err: error instanceof Error ? error.message : String(error) },
          "could not record the upstream pause",
        );
      }
    },
  };
  return api;
}

/** This process's budget on the app's database (one per process, so the pause cache is shared). */
export const budget: UpstreamBudget = processSingleton("upstream.budget", () =>
  createBudget(appDb, env.upstreamBudget),
);
