import "server-only";
import type { Reaction } from "@/lib/db/reactions";
import type { LookupsResolved } from "@/lib/lookups/reactions";
import { settleScans } from "./settle-scans";

/**
 * Lookups resolved (lib/lookups/apply-result.ts): each one's Radar scan is settled in the same
 * transaction (changes and reminders written as RadarEvents, the watch's baseline moved, or the
 * watch stopped, or the scan sent back after an authority error). Lookups of no scan: one query.
 */
export const settleRadarScans: Reaction<LookupsResolved> = async (tx, { now, lookups }) => {
  const { retryAt } = await settleScans(tx, now, lookups);
  if (!retryAt) return;
  // After the commit: this instance wakes for the retry (the tick covers the others).
  return () => void import("./workers").then(({ radarScans }) => radarScans.wakeAt(retryAt));
};
