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

// The brand itself comes from card-validator in ./card-brand (kept apart: the library stays out of
// the pay page's first-load JavaScript). American Express alone is needed here, for the typing
// mask and the CVV hint, and its 34/37 prefix has not moved in decades.

/** American Express by its prefix (34 or 37): 4-6-5 grouping and a 4-digit CVV. */
export function startsLikeAmex(cardNumber: string): boolean {
  return /^3[47]/.test(cardNumber.replace(/[\s-]/g, ""));
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
  if (startsLikeAmex(digits)) {
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
