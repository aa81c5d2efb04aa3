import "server-only";
import type { Reaction } from "@/lib/db/reactions";
import type { LookupsResolved } from "@/lib/lookups/reactions";
import { RADAR_LOOKUP, settleScans } from "./settle-scans";

/**
 * Lookups resolved (lib/lookups/apply-result.ts): each one's Radar scan is settled in the same
 * transaction (changes and reminders written as RadarEvents, the watch's baseline moved, or the
 * watch stopped, or the scan sent back after an authority error). Only lookups a scan started
 * (origin "radar"): a person's or a batch's result costs nothing here.
 */
export const settleRadarScans: Reaction<LookupsResolved> = async (tx, { now, lookups }) => {
  const ours = lookups.filter((l) => l.origin === RADAR_LOOKUP);
  if (ours.length === 0) return;
  const { retryAt, afterCommit } = await settleScans(tx, now, ours);
  if (!retryAt) return afterCommit;
  // After the commit: this instance wakes for the retry (the tick covers the others).
  return () => {
    afterCommit?.();
    void import("./workers").then(({ radarScans }) => radarScans.wakeAt(retryAt));
  };
};
