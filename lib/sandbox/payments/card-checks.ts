// Pure card checks used by tokenization: Luhn, brand by BIN, expiry, CVV length. No framework
// imports, no logging: card data never leaves these functions.

export type CardBrand = "visa" | "mastercard" | "elo" | "amex" | "hipercard";

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// Elo issues on BINs that overlap Visa's "4" and Discover's "65" ranges, so Elo (and Hipercard)
// must be tried before the generic Visa/Mastercard prefixes.
const ELO_RANGES: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
const HIPERCARD_BINS = new Set([606282, 384100, 384140, 384160]);

/** Card brand from the number's prefix, or null when the sandbox does not accept the brand. */
export function detectBrand(digits: string): CardBrand | null {
  if (digits.length < 6) return null;
  const bin = Number(digits.slice(0, 6));
  if (ELO_RANGES.some(([lo, hi]) => bin >= lo && bin <= hi)) return "elo";
  if (HIPERCARD_BINS.has(bin)) return "hipercard";
  if (/^3[47]/.test(digits)) return "amex";
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  if (digits.startsWith("4")) return "visa";
  return null;
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  elo: [16],
  amex: [15],
  hipercard: [13, 16, 19],
};

export function lengthValidFor(brand: CardBrand, digits: string): boolean {
  return LENGTHS[brand].includes(digits.length);
}

/** Amex prints a 4-digit CID; every other accepted brand a 3-digit CVV. */
export function cvvValidFor(brand: CardBrand, cvv: string): boolean {
  return brand === "amex" ? /^\d{4}$/.test(cvv) : /^\d{3}$/.test(cvv);
}

/** "MM/YYYY" or "MM/YY" -> {month, year}, or null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2}|\d{4})$/.exec(value.trim());
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month, year };
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth);
}
