// Brazilian identifier rules the upstream enforces. Kept inside lib/sandbox/ on purpose: the
// sandbox is a peer service and shares no code with the storefront.

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

export type Uf = (typeof UFS)[number];

export function isUf(s: string): s is Uf {
  return (UFS as readonly string[]).includes(s);
}

export function onlyDigits(s: string): string {
  return s.replace(/\D/g, "");
}

const OLD_PLATE = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;

/** Uppercases and drops one hyphen; returns null unless the result is ABC1234 or ABC1D23. */
export function normalizePlate(s: string): string | null {
  const p = s
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]{3})-/, "$1");
  return OLD_PLATE.test(p) || MERCOSUL_PLATE.test(p) ? p : null;
}

function digitsAt(s: string): number[] {
  return [...s].map((ch) => ch.charCodeAt(0) - 48);
}

/** DENATRAN rule: weights 3,2,9,8,7,6,5,4,3,2 over the first 10 digits; (sum*10) % 11, 10 -> 0. */
export function renavamCheckDigit(first10: string): number {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = digitsAt(first10).reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const d = (sum * 10) % 11;
  return d === 10 ? 0 : d;
}

export function isValidRenavam(s: string): boolean {
  if (!/^\d{11}$/.test(s)) return false;
  return renavamCheckDigit(s.slice(0, 10)) === Number(s[10]);
}

function mod11Digit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Computes the two CPF check digits for the first 9 digits. */
export function cpfCheckDigits(first9: string): string {
  const d = digitsAt(first9);
  const d1 = mod11Digit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...d, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${d1}${d2}`;
}

/** Computes the two CNPJ check digits for the first 12 digits. */
export function cnpjCheckDigits(first12: string): string {
  const d = digitsAt(first12);
  const d1 = mod11Digit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...d, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${d1}${d2}`;
}

const ALL_SAME = /^(\d)\1*$/;

/** Digits only (no dots or dashes), 11 digits, valid check digits, not all the same digit. */
export function isValidCpf(s: string): boolean {
  if (!/^\d{11}$/.test(s) || ALL_SAME.test(s)) return false;
  return cpfCheckDigits(s.slice(0, 9)) === s.slice(9);
}

/** Digits only, 14 digits, valid check digits, not all the same digit. */
export function isValidCnpj(s: string): boolean {
  if (!/^\d{14}$/.test(s) || ALL_SAME.test(s)) return false;
  return cnpjCheckDigits(s.slice(0, 12)) === s.slice(12);
}

export function isValidCpfCnpj(s: string): boolean {
  return s.length === 11 ? isValidCpf(s) : isValidCnpj(s);
}
