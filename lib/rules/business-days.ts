// Business days in São Paulo, for the moments we look a vehicle up again after a payment settled
// (lib/rules/delisting.ts). The authorities and the banks that carry the baixa work Monday to
// Friday outside holidays, so "3 days after" means three of those days, not 72 hours.
//
// Holidays counted (docs/glossary.md "Dia útil"): the national ones (Lei 662/1949, Lei 6.802/1980,
// Lei 14.759/2023: 1 Jan, 21 Apr, 1 May, 7 Sep, 12 Oct, 2 Nov, 15 Nov, 20 Nov, 25 Dec), Good
// Friday, the Monday and Tuesday of Carnival and Corpus Christi (national "pontos facultativos" on
// which public offices and banks close), São Paulo state's 9 Jul and São Paulo city's 25 Jan.
// Ash Wednesday (offices open at noon) counts as a business day. Other cities' own holidays are
// not counted: the moments are a schedule of ours, not a legal deadline.

import { saoPauloInstant, saoPauloWallClock } from "./sao-paulo-time";

export type CalendarDay = { year: number; month: number; day: number };

const FIXED_HOLIDAYS: readonly (readonly [month: number, day: number])[] = [
  [1, 1],
  [1, 25],
  [4, 21],
  [5, 1],
  [7, 9],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20],
  [12, 25],
];

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

// Calendar arithmetic on UTC dates: only year, month and day are read back.
const asUtc = (d: CalendarDay) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): CalendarDay => {
  const t = new Date(ms);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};
const DAY_MS = 86_400_000;
const plusDays = (d: CalendarDay, n: number) => fromUtc(asUtc(d) + n * DAY_MS);

const movableHolidays = new Map<number, Set<number>>();

function movableOf(year: number): Set<number> {
  let set = movableHolidays.get(year);
  if (!set) {
    const easter = easterSunday(year);
    // Carnival Monday and Tuesday, Good Friday, Corpus Christi.
    set = new Set([-48, -47, -2, 60].map((offset) => asUtc(plusDays(easter, offset))));
    movableHolidays.set(year, set);
  }
  return set;
}

/** Whether a São Paulo calendar day is a holiday counted here. */
export function isHoliday(d: CalendarDay): boolean {
  return (
    FIXED_HOLIDAYS.some(([month, day]) => month === d.month && day === d.day) ||
    movableOf(d.year).has(asUtc(d))
  );
}

/** Monday to Friday, not a holiday (a São Paulo calendar day). */
export function isBusinessDay(d: CalendarDay): boolean {
  const weekday = new Date(asUtc(d)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(d);
}

/**
 * The instant `days` business days after `from`, at the same São Paulo wall-clock time: the days
 * after `from`'s own São Paulo date are counted, skipping weekends and holidays (a payment settled
 * on a Saturday is 1 business day old on Monday at the same time).
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`business days: ${days}`);
  const wall = saoPauloWallClock(from);
  let day: CalendarDay = { year: wall.year, month: wall.month, day: wall.day };
  for (let counted = 0; counted < days;) {
    day = plusDays(day, 1);
    if (isBusinessDay(day)) counted++;
  }
  return saoPauloInstant({ ...day, hour: wall.hour, minute: wall.minute, second: wall.second });
}
