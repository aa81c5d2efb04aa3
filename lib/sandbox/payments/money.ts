// Money is integer cents inside the sandbox and reais (decimal numbers) on the wire, as the spec
// says. Converting at the edges only keeps every sum and interest computation exact.

/** Reais -> cents, or null when the number is not a whole number of cents (e.g. 10.005). */
export function toCents(reais: number): number | null {
  if (!Number.isFinite(reais)) return null;
  const cents = Math.round(reais * 100);
  // 0.1 + 0.2 style binary noise is tolerated; a third decimal place is not.
  if (Math.abs(reais * 100 - cents) > 1e-6) return null;
  return cents;
}

/** Cents -> reais for the wire; division by 100 of an integer gives the closest double. */
export function toReais(cents: number): number {
  return cents / 100;
}

/** Round-half-up of numerator/denominator for non-negative integers (exact, no floats). */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
