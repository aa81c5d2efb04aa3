import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { RetryLater, type Job, type RetryPolicy } from "@/lib/jobs";
import { firstScanAt, nextScanAt } from "@/lib/rules/radar-schedule";
import { radarLog } from "./logger";
import { ufOf } from "./watch-target";
import { scheduleOf } from "./watch-schedule";
import { clock } from "@/lib/clock";

// The planner: RadarWatch as a lib/jobs queue. A watch is due at its next turn (notBefore); its
// claimer queues that turn's RadarScan and moves the watch to the turn after. Two statements,
// each safe to repeat, so no transaction is needed: the scan's unique (watchId, dueAt) makes a
// second insert of a turn a no-op on any instance, and the watch moves by compare-and-set on the
// turn it was at. A claimer that dies between them leaves the watch due: the next claim's insert
// changes nothing and the watch moves on.

export type WatchRow = {
  id: string;
  attempts: number;
  recurrence: string;
  nextScanAt: Date | null;
  uf: string | null;
  vehicle: { uf: string } | null;
};

// Failures only count (a planned turn is a RetryLater): a watch that fails this often is broken.
const PLANNER_RETRY: RetryPolicy = { maxAttempts: 20, baseDelayMs: 5_000, maxDelayMs: 5 * 60_000 };
const LEASE_MS = 30_000;

/** Inserts a turn's scan unless it is there already (both providers: ON CONFLICT DO NOTHING). */
export async function queueScan(watchId: string, dueAt: Date, now = clock.now()): Promise<boolean> {
  const inserted =
    await db.$executeRaw`INSERT INTO "RadarScan" ("id", "watchId", "dueAt", "status", "attempts", "createdAt")
    VALUES (${randomUUID()}, ${watchId}, ${dueAt}, 'queued', 0, ${now}) ON CONFLICT ("watchId", "dueAt") DO NOTHING`;
  return inserted === 1;
}

async function planTurn(row: WatchRow, onQueued: () => void): Promise<never> {
  const uf = ufOf(row);
  if (!uf) throw new Error("watched vehicle has no UF");
  const schedule = scheduleOf(row, uf);
  const now = clock.now();
  const dueAt = row.nextScanAt ?? firstScanAt(schedule, now);
  if (dueAt.getTime() > now.getTime()) throw new RetryLater(dueAt, "turn not due yet");
  if (await queueScan(row.id, dueAt, now)) onQueued();
  // A planner running late (a busy fleet) still queues every turn, so each period keeps its one
  // re-lookup; turns missed by more than a period (an outage) are not queued one by one: this scan
  // catches up, and the grid resumes at the first turn after now.
  let next = nextScanAt(schedule, dueAt);
  if (next.getTime() <= now.getTime() - schedule.periodMs) next = nextScanAt(schedule, now);
  const moved = await db.radarWatch.updateMany({
    where: {
      id: row.id,
      status: "active",
      ...(row.nextScanAt ? { nextScanAt: row.nextScanAt } : { nextScanAt: null }),
    },
    data: { nextScanAt: next, notBefore: next },
  });
  if (moved.count === 0)
    radarLog.debug({ watchId: row.id }, "watch changed while its turn was planned");
  // The watch stays in the queue (it is never "done"): due again at its next turn.
  throw new RetryLater(next, "next turn");
}

export function plannerJob(options: {
  onQueued: () => void;
  onDeferred?: (at: Date) => void;
  leaseMs?: number;
}): Job<WatchRow> {
  return {
    name: "radar-planner",
    table: db.radarWatch,
    pending: { status: "active" },
    orderBy: { notBefore: "asc" },
    select: { recurrence: true, nextScanAt: true, uf: true, vehicle: { select: { uf: true } } },
    leaseMs: options.leaseMs ?? LEASE_MS,
    retry: PLANNER_RETRY,
    // Given up after repeated failures: stopped (a finished lib/jobs row is due at once, so it
    // cannot stay active), loud in the logs; turning it on again puts it back on the grid.
    failedData: (error, now) => {
      radarLog.error({ err: error }, "radar planner gave up on a watch");
      return { status: "stopped", stopReason: "planner_failed", stoppedAt: now, nextScanAt: null };
    },
    sql: { db, table: "RadarWatch", orderBy: "notBefore" },
    run: (row) => planTurn(row, options.onQueued),
    onDeferred: options.onDeferred,
  };
}
