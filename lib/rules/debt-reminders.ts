import { keyedDebts, type WatchedDebt } from "./debt-changes";
import { saoPauloWallClock, type WallClock } from "./sao-paulo-time";

// Reminders read from the debts we already hold, never from a hand-typed state calendar, on São
// Paulo's calendar days (as discount-window.ts counts them):
// - a discount about to end: a debt with hasDiscount keeps that amount through its dueDate; after
//   it the amount quoted until expirationDate applies;
// - an IPVA parcela (or cota única) or a licensing fee about to fall due.
// Each offset is a window, not a single day: a reminder of offset N is due while 0 <= days left
// <= N and no smaller offset covers that day, so a weekly re-lookup that misses "exactly 7 days
// before" still reminds, and each offset reminds once (its dedupe key).

export type ReminderDebt = WatchedDebt & {
  expirationDate?: Date | string | null;
  isExpired?: boolean;
};

export type ReminderOffsets = {
  /** Days before the discount's last day. */
  discountEnds: readonly number[];
  /** Days before an IPVA parcela or licensing fee is due. */
  dueSoon: readonly number[];
};

export const DEFAULT_REMINDER_OFFSETS: ReminderOffsets = { discountEnds: [3], dueSoon: [7, 1] };

export type Reminder = {
  kind: "discountEnds" | "dueSoon";
  debtKey: string;
  debt: ReminderDebt;
  /** Calendar days left in São Paulo (0 = today is the last day). */
  daysLeft: number;
  /** The offset whose window this falls in. */
  offset: number;
  /** The last day of the discount or the due date (ISO). */
  until: string;
  /** After a discount: until when the undiscounted amount is quoted (ISO), when the upstream says. */
  thenUntil: string | null;
  dedupeKey: string;
};

const iso = (d: Date | string | null | undefined): string | null => {
  if (!d) return null;
  const at = new Date(d);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

const DAY_MS = 86_400_000;

type SpDay = { n: number; iso: string };

// A fleet's debts share a handful of due dates (the authorities' calendars), and reading the tz
// database costs more than the rest of the rule: each instant's day is remembered. Bounded; the
// days are pure, so forgetting them changes nothing.
const knownDays = new Map<number, SpDay>();
const MAX_KNOWN_DAYS = 10_000;

const dayNumber = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;

/** São Paulo's calendar day of an instant: its number (for differences) and its ISO date. */
function spDay(instant: Date): SpDay {
  const known = knownDays.get(instant.getTime());
  if (known) return known;
  const w = saoPauloWallClock(instant);
  const day = {
    n: dayNumber(w),
    iso: `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`,
  };
  if (knownDays.size >= MAX_KNOWN_DAYS) knownDays.clear();
  knownDays.set(instant.getTime(), day);
  return day;
}

/** The smallest offset whose window holds `daysLeft`, or null when none does. */
export function offsetFor(daysLeft: number, offsets: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const covering = offsets.filter((o) => o >= 0 && daysLeft <= o);
  return covering.length ? Math.min(...covering) : null;
}

/**
 * The reminders due at `now` for one vehicle's debts. `scope` names the watch; the dedupe key adds
 * the kind, the debt's key, the São Paulo day it is about and the offset, so the same reminder is
 * found again on every re-lookup and told once, and a moved due date reminds again.
 */
export function remindersDue(
  debts: readonly ReminderDebt[],
  now: Date,
  options: { scope: string; offsets?: ReminderOffsets },
): Reminder[] {
  const offsets = options.offsets ?? DEFAULT_REMINDER_OFFSETS;
  const out: Reminder[] = [];
  // Only debts that may remind get their day read; today is read once.
  let today: number | undefined;
  for (const [debtKey, debt] of keyedDebts(debts)) {
    const due = iso(debt.dueDate);
    const dueSoon = debt.type === "ipva" || debt.type === "licensing";
    if (!due || debt.isExpired || !(debt.hasDiscount || dueSoon)) continue;
    const dueDay = spDay(new Date(due));
    today ??= dayNumber(saoPauloWallClock(now));
    const daysLeft = dueDay.n - today;
    const add = (kind: Reminder["kind"], offset: number | null, thenUntil: string | null) => {
      if (offset === null) return;
      out.push({
        kind,
        debtKey,
        debt,
        daysLeft,
        offset,
        until: due,
        thenUntil,
        dedupeKey: `${options.scope}|reminder|${kind}|${debtKey}|${dueDay.iso}|${offset}`,
      });
    };
    if (debt.hasDiscount) {
      const then = iso(debt.expirationDate);
      add(
        "discountEnds",
        offsetFor(daysLeft, offsets.discountEnds),
        then && then !== due ? then : null,
      );
    }
    if (dueSoon) add("dueSoon", offsetFor(daysLeft, offsets.dueSoon), null);
  }
  return out;
}
