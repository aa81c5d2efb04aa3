// Test-side generators of valid documents and card numbers. They use a different (but
// equivalent) formulation from lib/rules, so a bug there is not copied into the expectation.

/** CPF/CNPJ digit: (sum * 10 % 11) % 10, the "10 counts as 0" form of 11 - sum % 11. */
function mod11(digits: string, weights: number[]): string {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  return String(((sum * 10) % 11) % 10);
}

export function makeCpf(base9: string): string {
  const withFirst = base9 + mod11(base9, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return withFirst + mod11(withFirst, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

export function makeCnpj(base12: string): string {
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const withFirst = base12 + mod11(base12, w1);
  return withFirst + mod11(withFirst, [6, ...w1]);
}

/** DENATRAN as usually published: reverse the 10 digits, weights 2..9 then 2, 3. */
export function makeRenavam(base10: string): string {
  const reversed = [...base10].reverse();
  const weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3];
  const sum = reversed.reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  const digit = 11 - (sum % 11);
  return base10 + String(digit >= 10 ? 0 : digit);
}

/** Appends the Luhn digit, computed by doubling from the right of the full number. */
export function makeLuhn(partial: string): string {
  for (let check = 0; check <= 9; check++) {
    const candidate = partial + check;
    const sum = [...candidate]
      .reverse()
      .map(Number)
      .map((d, i) => (i % 2 === 1 ? (d * 2) % 9 || (d === 0 ? 0 : 9) : d))
      .reduce((a, b) => a + b, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("unreachable");
}

/** Changes digit `i` of `digits` to `to` (which must differ). */
export function replaceDigit(digits: string, i: number, to: number): string {
  return digits.slice(0, i) + String(to) + digits.slice(i + 1);
}
