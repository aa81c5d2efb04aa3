// Pure rules of the fleet's upstream budget (budget.ts holds the database side).
//
// The key's rate (UPSTREAM_RATE_PER_MINUTE) is counted per fixed minute window. A reserve of it
// (UPSTREAM_RESERVE_PERCENT) is kept for the money path, so a flood of simulations or lookups
// spends at most (limit - reserve) and a person who is paying still gets through:
//   money    payment, payment-status, card-token, checkout (a payment cannot exist without its
//            checkout, so refusing it would block the payment just the same), and health: a
//            probe refused for budget would turn /api/health red on every instance at once and a
//            load balancer would take the whole fleet out; lib/health/check.ts probes upstream at
//            most once per 30 s per instance, so it costs the reserve next to nothing
//   general  everything else: enrichment, debt-lookup, installments, webhook-register

export type BudgetClass = "money" | "general";

const MONEY_OPERATIONS = new Set(["payment", "payment-status", "card-token", "checkout", "health"]);

export const WINDOW_MS = 60_000;

export type BudgetConfig = { perMinute: number; reserve: number };

export function classOf(operation: string): BudgetClass {
  return MONEY_OPERATIONS.has(operation) ? "money" : "general";
}

/** How many calls of this class the whole fleet may send in one window. */
export function capFor(budgetClass: BudgetClass, config: BudgetConfig): number {
  const reserve = Math.min(Math.max(0, config.reserve), config.perMinute);
  return budgetClass === "money" ? config.perMinute : config.perMinute - reserve;
}

/**
 * A share's ceiling per window (Radar's re-lookups: env.radar.budgetShare), never more than the
 * general class may spend: the share is counted in the general budget too, so what people may send
 * in any window is at least the general cap less this (`headroomBeside`), and the money reserve
 * is not part of either.
 */
export function shareCapFor(share: number, config: BudgetConfig): number {
  return Math.max(0, Math.min(Math.floor(share), capFor("general", config)));
}

/** General units left to everyone else in a window where the share spent all of its own. */
export function headroomBeside(share: number, config: BudgetConfig): number {
  return capFor("general", config) - shareCapFor(share, config);
}

/** The window a moment falls in: whole minutes since the epoch (fits a 32-bit column until 6053). */
export function windowOf(nowMs: number): number {
  return Math.floor(nowMs / WINDOW_MS);
}

/** Whole seconds until the next window opens (at least 1: Retry-After 0 invites a tight loop). */
export function secondsToNextWindow(nowMs: number): number {
  return Math.max(1, Math.ceil(((windowOf(nowMs) + 1) * WINDOW_MS - nowMs) / 1000));
}

/** Whole seconds until a pause ends, or 0 when it has (or there is none). */
export function pauseSecondsLeft(pausedUntilMs: number | undefined, nowMs: number): number {
  if (pausedUntilMs === undefined || pausedUntilMs <= nowMs) return 0;
  return Math.max(1, Math.ceil((pausedUntilMs - nowMs) / 1000));
}
