import "server-only";
import { env } from "@/lib/env";
import { firstScanAt, type ScanSchedule } from "@/lib/rules/radar-schedule";
import { clock } from "@/lib/clock";

// The one place a watch's schedule is read from its row, so the planner, the despachante's
// settings and the owner's confirmation all put a watch on the same grid (lib/rules/radar-schedule.ts).

export type Recurrence = "weekly" | "daily";
export const RECURRENCES: readonly Recurrence[] = ["weekly", "daily"];

export function periodMsOf(recurrence: string): number {
  return recurrence === "daily" ? env.radar.dailyPeriodMs : env.radar.weeklyPeriodMs;
}

/** The watch's id is its key: a turn stays put for as long as the watch lives. */
export function scheduleOf(watch: { id: string; recurrence: string }, uf: string): ScanSchedule {
  return { key: watch.id, uf, periodMs: periodMsOf(watch.recurrence) };
}

/** Upstream lookups a month one watch costs at its recurrence (a month of 30 days). */
export function lookupsPerMonth(recurrence: string): number {
  return Math.ceil((30 * 24 * 3_600_000) / periodMsOf(recurrence));
}

/**
 * The columns that make a watch active and put its first turn on the grid (claimed by the planner
 * at notBefore). Written by whoever turns a watch on: the despachante's settings, the owner's
 * confirmation link.
 */
export function activationData(
  watch: { id: string; recurrence: string },
  uf: string,
  now = clock.now(),
) {
  const first = firstScanAt(scheduleOf(watch, uf), now);
  return {
    status: "active",
    stopReason: null,
    stoppedAt: null,
    nextScanAt: first,
    notBefore: first,
    attempts: 0,
  } as const;
}
