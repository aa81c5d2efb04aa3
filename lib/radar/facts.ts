import "server-only";
import { reactionPoint } from "@/lib/db/reactions";

// Radar's facts that higher capabilities react to in the same transaction (lib/db/reactions.ts;
// registered in lib/background/reactions.ts): Radar does not know who else is told.

/** A debt a workspace watch's scan found that its baseline did not have (a RadarEvent "appeared"). */
export type RadarDebtFound = {
  radarEventId: string;
  dedupeKey: string;
  watchId: string;
  userId: string;
  lookupId: string | null;
  debtId: string | null;
  type: string | null;
  title: string | null;
  amountCents: number | null;
  dueDate: Date | null;
  expirationDate: Date | null;
};

/** Run by settleScans in the transaction that inserts the watch's new RadarEvents (told once). */
export type RadarDebtsFoundFact = { now: Date; found: readonly RadarDebtFound[] };
export const radarDebtsFound = reactionPoint<RadarDebtsFoundFact>("radar.debts-found");
