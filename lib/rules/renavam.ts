// RENAVAM: 10 digits plus a DENATRAN check digit.
//
// Decision: we accept 9, 10 or 11 digits and left-pad with zeros to 11. RENAVAMs issued before
// 2013 had 9 digits and became 11 by gaining two leading zeros; since a zero adds nothing to the
// weighted sum, the old check digit stays valid, so padding is exact, not a guess. Upstream
// always receives the 11-digit form.

const WEIGHTS = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Check digit for the first 10 digits: d = (sum * 10) % 11, and 10 counts as 0. */
export function renavamCheckDigit(firstTen: string): number {
  if (!/^[0-9]{10}$/.test(firstTen))
    throw new RangeError("renavamCheckDigit needs exactly 10 digits");
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * WEIGHTS[i]!;
  const digit = (sum * 10) % 11;
  return digit === 10 ? 0 : digit;
}

/** Strips dots, hyphens and spaces and pads to 11 digits; null when it is not 9-11 digits. */
export function normalizeRenavam(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, "");
  if (!/^[0-9]{9,11}$/.test(digits)) return null;
  return digits.padStart(11, "0");
}

export function isValidRenavam(input: string): boolean {
  const renavam = normalizeRenavam(input);
  // All zeros passes the arithmetic but is never issued.
  if (renavam === null || /^0+$/.test(renavam)) return false;
  return renavamCheckDigit(renavam.slice(0, 10)) === Number(renavam[10]);
}
