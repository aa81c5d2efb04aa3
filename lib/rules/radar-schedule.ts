import { isSpMaintenanceWindow, spMaintenanceReopensAt } from "./sp-maintenance";

// When each watched vehicle is looked up again. Every vehicle has its own place in the period, read
// from a hash of its key, so a fleet's re-lookups fall evenly over the period instead of all at
// midnight; each period's turn moves by a jitter also read from the hash, so every instance
// computes the same due time and a turn is one per period whoever asks. São Paulo vehicles due in
// the authority's daily maintenance (00h to 07h, São Paulo time, sp-maintenance.ts) move to a
// place of their own in the open hours that follow, again by hash, so 07:00 gets no burst.

const HOUR_MS = 3_600_000;
/** The part of São Paulo's day when its authority answers: 07:00 to 24:00. */
export const SP_OPEN_SPAN_MS = 17 * HOUR_MS;

/** A number in [0, 1) from a string, the same on every instance (cyrb53: 53 well-mixed bits). */
export function unitHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)) / 2 ** 53;
}

export type ScanSchedule = {
  /** What identifies the watched vehicle for as long as it is watched (e.g. the watch's id). */
  key: string;
  uf: string;
  periodMs: number;
  /** Width of the per-period jitter around the vehicle's place; at most a quarter of the period. */
  jitterMs?: number;
};

/** Where in every period the vehicle's turn sits, before jitter: [0, periodMs). */
export function turnOffsetMs(key: string, periodMs: number): number {
  return Math.floor(unitHash(`turn:${key}`) * periodMs);
}

/** The turn of period `k` (periods counted from the Unix epoch). */
export function turnAt(s: ScanSchedule, k: number): Date {
  const jitter = Math.min(s.jitterMs ?? 0, s.periodMs / 4);
  const shift = Math.round((unitHash(`jitter:${s.key}:${k}`) - 0.5) * jitter);
  return new Date(k * s.periodMs + turnOffsetMs(s.key, s.periodMs) + shift);
}

/**
 * For an SP vehicle, the instant a due time inside the maintenance window moves to: its own place
 * in the open hours that follow (no more than a period after reopening); any other due time as is.
 */
export function outsideSpMaintenance(
  s: Pick<ScanSchedule, "key" | "uf" | "periodMs">,
  due: Date,
): Date {
  if (!isSpMaintenanceWindow(s.uf, due)) return due;
  const reopens = spMaintenanceReopensAt(due);
  return new Date(
    reopens.getTime() +
      Math.floor(unitHash(`sp-open:${s.key}`) * Math.min(s.periodMs, SP_OPEN_SPAN_MS)),
  );
}

/**
 * The next re-lookup of a vehicle: its first turn after `after` (the due time of the re-lookup
 * just done, not when it ran, so a late run does not shift the grid), moved out of São Paulo's
 * maintenance window when the vehicle is from SP. Turns are one per period: a vehicle is looked up
 * once per period.
 */
export function nextScanAt(s: ScanSchedule, after: Date): Date {
  const t = after.getTime();
  let k = Math.floor((t - turnOffsetMs(s.key, s.periodMs)) / s.periodMs) - 1;
  while (turnAt(s, k).getTime() <= t) k++;
  return outsideSpMaintenance(s, turnAt(s, k));
}

/**
 * The first re-lookup of a vehicle just watched (its watch starts from the lookup the person just
 * made): its turn at or after `now`, at most a period away.
 */
export function firstScanAt(s: ScanSchedule, now: Date): Date {
  return nextScanAt(s, new Date(now.getTime() - 1));
}

/** Authority errors (lookup error codes 900-903) say nothing about debts: retry, not a change. */
export function isAuthorityError(code: string): boolean {
  return code === "900" || code === "901" || code === "902" || code === "903";
}

/**
 * When to try again after an authority error: `retryMs` later, or, for an SP vehicle whose retry
 * falls in the maintenance window, the vehicle's place after reopening.
 */
export function retryAfterAuthorityError(
  s: Pick<ScanSchedule, "key" | "uf" | "periodMs">,
  now: Date,
  retryMs: number,
): Date {
  return outsideSpMaintenance(s, new Date(now.getTime() + retryMs));
}
