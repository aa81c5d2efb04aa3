import type { SandboxContext } from "../context";

// Every validity window and status progression, in real-world milliseconds. The sandbox multiplies
// them by ctx.options.timeScale (1 = real time), so tests run the whole lifecycle in milliseconds.
// Documented in docs/sandbox-payments.md ("Validity windows" and "Test cards").
const MINUTE = 60_000;

export const PAYMENT_TIMINGS = {
  /** A card token can be used for 15 minutes (and once). */
  cardTokenTtl: 15 * MINUTE,
  /** A checkout can be paid for 24 hours. */
  checkoutTtl: 24 * 60 * MINUTE,
  /** A PIX code can be paid for 30 minutes (never past its checkout's expiry). */
  pixTtl: 30 * MINUTE,
  /** Antifraud manual review: in_analysis -> paid | refused. */
  analysis: 30_000,
  /** Acquirer processing: processing -> paid. */
  processing: 10_000,
  /** paid -> liquidationStatus processing (settlement with the authorities starts). */
  settlementStart: 1 * MINUTE,
  /** Interval between two debts being settled, one after the other. */
  debtSettlementStep: 1 * MINUTE,
} as const;

export type TimingName = keyof typeof PAYMENT_TIMINGS;

/**
 * Delay in real milliseconds for a named timing: ctx.options.paymentTimings[name] when a test set
 * it (already real ms), otherwise the real-world duration times ctx.options.timeScale.
 */
export function scaled(ctx: SandboxContext, name: TimingName, multiplier = 1): number {
  const override = ctx.options.paymentTimings?.[name];
  const base = override ?? PAYMENT_TIMINGS[name] * ctx.options.timeScale;
  return Math.max(0, Math.round(base * multiplier));
}

/** ctx.options.now() + the scaled timing, as a Date (expiresAt values). */
export function fromNow(ctx: SandboxContext, name: TimingName): Date {
  return new Date(ctx.options.now().getTime() + scaled(ctx, name));
}
