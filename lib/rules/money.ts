// Money is reais (a JSON number) on the wire and integer cents inside: sums of cents are exact,
// sums of floating reais are not (0.1 + 0.2 !== 0.3).

import { saoPauloWallClock } from "./sao-paulo-time";

/**
 * Reais -> cents, rounding half away from zero at the second decimal.
 *
 * Works on the number's shortest decimal representation (what JSON carried), not on x * 100:
 * 1.005 * 100 is 100.49999999999999 in binary, but the value upstream wrote was "1.005".
 * Throws on NaN, infinities and amounts beyond exact integer cents.
 */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`Not a finite amount: ${reais}`);
  const negative = reais < 0;
  const text = Math.abs(reais).toString();
  let cents: number;
  if (text.includes("e")) {
    // Exponent notation only appears below 1e-6 (rounds to zero) or at 1e21 and above (too big).
    if (Math.abs(reais) >= 1) throw new RangeError(`Amount too large: ${reais}`);
    cents = 0;
  } else {
    const [whole = "0", fraction = ""] = text.split(".");
    const padded = fraction.padEnd(3, "0");
    cents = Number(whole) * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${reais}`);
  return negative && cents !== 0 ? -cents : cents; // never -0
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
}

/** Cents -> reais for the wire. Integer / 100 is the double closest to the decimal value. */
export function centsToReais(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) {
    assertCents(value);
    total += value;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError("Sum of cents overflows");
  return total;
}

/**
 * `R$ 1.234,56` (`-R$ 1,50` below zero), exactly as Intl.NumberFormat("pt-BR", BRL) prints it, with
 * a no-break space (U+00A0) after `R$` so the symbol never wraps away from the number (ICU versions
 * differ on which space they use, and a server/browser difference would break hydration).
 *
 * Written out on integer cents rather than through Intl: the first Intl formatter on a page loads
 * ICU data in Chromium, one long blocking task on every page that prints a price.
 * tests/unit/rules/money.test.ts holds it equal to Intl on any amount.
 */
export function formatBRL(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const fraction = String(abs % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}R$\u00a0${whole},${fraction}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

function toDate(value: string | Date): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `21/11/2026`, on São Paulo's calendar. A date-only string (`2026-11-21`, like dataRegistro) is
 * a calendar day, not an instant: it is printed as is, because `new Date("2026-11-21")` is UTC
 * midnight, which is still the 20th in Brazil. Null for text that is not a date.
 */
export function formatDateBR(value: string | Date): string | null {
  if (typeof value === "string") {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  }
  const date = toDate(value);
  if (date === null) return null;
  const w = saoPauloWallClock(date);
  return `${pad(w.day)}/${pad(w.month)}/${w.year}`;
}

/** `21/11/2026 às 14:05` (São Paulo time). Null for text that is not a date. */
export function formatDateTimeBR(value: string | Date): string | null {
  const date = toDate(value);
  if (date === null) return null;
  const w = saoPauloWallClock(date);
  return `${pad(w.day)}/${pad(w.month)}/${w.year} às ${pad(w.hour)}:${pad(w.minute)}`;
}
