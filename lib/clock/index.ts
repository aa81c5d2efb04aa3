import { loadEnv } from "@/lib/env/load";

// The server's one clock. What the server decides from "now" (a lease's end, a retry's due moment,
// a payment's grace, a Radar turn, a retention period) reads it here, so a test moves time forward
// instead of waiting for it. In a running server it is the wall clock: only a process whose
// NODE_ENV is test can move it (advanceClock, below). Timers still run on the wall clock: a test
// that moves time calls the work that a timer would have started.
//
// Kept on globalThis (as lib/server/singleton.ts does, which this foundation module does not import
// so that lib/server may read the clock): Next's bundle and plain Node load their own copies of this
// module, and both must read one time.

type ClockState = { offsetMs: number };

const store = globalThis as unknown as Record<symbol, ClockState | undefined>;
const KEY = Symbol.for("placa-paga.clock");
const state: ClockState = (store[KEY] ??= { offsetMs: 0 });

/** Milliseconds since the epoch, as the server's clock reads them. */
export function nowMs(): number {
  return Date.now() + state.offsetMs;
}

/** The server's clock as a Date. */
export function now(): Date {
  return new Date(nowMs());
}

/** `clock.now()` reads well beside the `now` parameters and variables the server code already has. */
export const clock = { now, nowMs };

/**
 * Moves this process's clock forward by `ms` (tests only). A clock never runs backwards: leases,
 * due moments and stored timestamps assume it.
 */
export function advanceClock(ms: number): void {
  if (loadEnv().nodeEnv !== "test") throw new Error("the server's clock moves only in tests");
  if (!Number.isFinite(ms) || ms < 0) throw new Error("the clock only moves forward");
  state.offsetMs += ms;
}

/** How far this process's clock has been moved (0 outside tests). */
export function clockOffsetMs(): number {
  return state.offsetMs;
}
