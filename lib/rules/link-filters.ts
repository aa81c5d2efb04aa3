// The workspace's view of a share link's life, and its "pagos hoje" filter. Pure: the page, the
// API and their tests agree on what "settled" and "today" (São Paulo's calendar day) mean.

import { isSettled } from "./payment-status";
import { saoPauloInstant, saoPauloWallClock } from "./sao-paulo-time";

export const LINK_STAGES = ["open", "paid", "settled", "expired"] as const;
export type LinkStage = (typeof LINK_STAGES)[number];

/** Paid and every debt settled upstream is "settled"; paid before that is "paid". */
export function linkStage(
  status: "open" | "paid" | "expired",
  liquidationStatus?: string | null,
): LinkStage {
  if (status === "paid") return isSettled(liquidationStatus) ? "settled" : "paid";
  return status;
}

/** Midnight in São Paulo of the day `now` falls on, and the next one. */
export function saoPauloDay(now: Date): { start: Date; end: Date } {
  const w = saoPauloWallClock(now);
  const start = saoPauloInstant({ year: w.year, month: w.month, day: w.day, hour: 0, minute: 0 });
  // Day + 1 through Date.UTC rolls months and years over; São Paulo has no DST since 2019, and
  // saoPauloInstant corrects the offset anyway.
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  const end = saoPauloInstant({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
  });
  return { start, end };
}

export function paidOnSaoPauloDay(paidAt: string | Date | null | undefined, now: Date): boolean {
  if (!paidAt) return false;
  const t = new Date(paidAt).getTime();
  const { start, end } = saoPauloDay(now);
  return t >= start.getTime() && t < end.getTime();
}
