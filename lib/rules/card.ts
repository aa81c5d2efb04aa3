// Card checks done before tokenization, so a typo is caught on the page instead of costing an
// upstream call. Upstream still has the last word (brand, antifraud).

import { saoPauloWallClock } from "./sao-paulo-time";

export type CardBrand = "visa" | "mastercard" | "elo" | "amex" | "hipercard";

export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  elo: "Elo",
  amex: "American Express",
  hipercard: "Hipercard",
};

export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// Elo and Hipercard BINs overlap Visa (4xxxxx) and Mastercard-looking ranges, so they are tested
// first. Ranges are inclusive [from, to] over the first six digits.
const ELO_BINS: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179], [431274, 431274], [438935, 438935], [451416, 451416], [457393, 457393],
  [457631, 457632], [504175, 504175], [506699, 506778], [509000, 509999], [627780, 627780],
  [636297, 636297], [636368, 636368], [650031, 650033], [650035, 650051], [650405, 650439],
  [650485, 650538], [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978],
  [651652, 651679], [655000, 655019], [655021, 655058],
];
const HIPERCARD_BINS: ReadonlyArray<readonly [number, number]> = [
  [606282, 606282], [384100, 384100], [384140, 384140], [384160, 384160],
];

const inRanges = (bin: number, ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.some(([from, to]) => bin >= from && bin <= to);

/** Brand from the leading digits (spaces allowed); null when unknown or too short to tell. */
export function detectBrand(cardNumber: string): CardBrand | null {
  const d = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(d)) return null;
  if (d.length >= 6) {
    const bin = Number(d.slice(0, 6));
    if (inRanges(bin, ELO_BINS)) return "elo";
    if (inRanges(bin, HIPERCARD_BINS)) return "hipercard";
  }
  if (/^3[47]/.test(d)) return "amex";
  if (/^4/.test(d)) return "visa";
  const four = Number(d.slice(0, 4));
  if (/^5[1-5]/.test(d) || (d.length >= 4 && four >= 2221 && four <= 2720)) return "mastercard";
  return null;
}

const LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  visa: [13, 16, 19],
  mastercard: [16],
  elo: [16],
  amex: [15],
  hipercard: [13, 16, 19],
};

/** Digits only, a known brand, a length that brand issues, and Luhn. */
export function isValidCardNumber(cardNumber: string): boolean {
  const brand = detectBrand(cardNumber);
  return brand !== null && LENGTHS[brand].includes(cardNumber.length) && luhn(cardNumber);
}

export type Expiry = { month: number; year: number };

/** `MM/YY` or `MM/YYYY` (spaces around the slash tolerated) -> {month, year (4 digits)}. */
export function parseExpiry(input: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2]!;
  if (month < 1 || month > 12) return null;
  // Two-digit years are this century: cards are issued for at most ~10 years.
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  return { month, year };
}

/**
 * A card is valid through the last day of its month, so it is in the past only once that month
 * is over. "Now" is read on São Paulo's calendar: the storefront's customers are there, and
 * 23:30 on 30/11 in Brazil is already December in UTC.
 */
export function isExpiryInPast(expiry: Expiry, now: Date): boolean {
  const { year, month } = saoPauloWallClock(now);
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/** `11/2026` -> the `MM/YYYY` form sent to tokenization. */
export function formatExpiry(expiry: Expiry): string {
  return `${String(expiry.month).padStart(2, "0")}/${expiry.year}`;
}

/** 3 digits; Amex 4; an unknown brand may be either, and upstream decides. */
export function isValidCvv(cvv: string, brand: CardBrand | null): boolean {
  if (brand === "amex") return /^\d{4}$/.test(cvv);
  if (brand === null) return /^\d{3,4}$/.test(cvv);
  return /^\d{3}$/.test(cvv);
}

/** Typing mask: groups of 4 (`1234 5678 …`), Amex 4-6-5; at most 19 digits (Amex 15). */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (detectBrand(digits) === "amex") {
    const d = digits.slice(0, 15);
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(" ");
  }
  return (digits.slice(0, 19).match(/.{1,4}/g) ?? []).join(" ");
}

/** Typing mask for the expiry field: `1`, `11`, `11/2`, `11/26`, `11/2026`. */
export function formatExpiryInput(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 6);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}
