import { formatDateBR } from "./money";
import { saoPauloWallClock } from "./sao-paulo-time";

// Until when a debt's amount holds. Upstream gives two dates: dueDate (the original due date) and
// expirationDate (the due date once interest/penalty apply). A discounted amount holds through
// dueDate, on São Paulo's calendar; after it the authority charges another amount, so the person
// is told before choosing, and warned when that day is close or past.

export type AmountWindowDebt = {
  hasDiscount: boolean;
  isExpired: boolean;
  dueDate?: string;
  expirationDate?: string;
};

export type AmountWindow = { tone: "info" | "warning"; text: string };

/** Within this many days (inclusive) of the end of the discount, the notice turns into a warning. */
export const DISCOUNT_WARNING_DAYS = 3;

const DAY_MS = 86_400_000;

/** Calendar days from now's São Paulo date to the instant's São Paulo date (negative when past). */
export function daysUntil(instant: string, now: Date): number | null {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return null;
  const day = (d: Date) => {
    const w = saoPauloWallClock(d);
    return Date.UTC(w.year, w.month - 1, w.day);
  };
  return Math.round((day(at) - day(now)) / DAY_MS);
}

/**
 * A last day (a discount's, a due date) as a person reads it on a given day: "hoje" when it is that
 * day on São Paulo's calendar, else its date, `28/11/2026`. `today` is an instant or a São Paulo
 * calendar day (`2026-11-28`, what a mail's props carry); null says the date only. Null for text
 * that is not a date.
 */
export function lastDayText(day: string | Date, today: string | Date | null): string | null {
  const text = formatDateBR(day);
  return text !== null && today !== null && text === formatDateBR(today) ? "hoje" : text;
}

/**
 * The notice for one debt, or null when there is nothing to say (no discount, or no date). Without
 * `now` (on the server, before the browser's clock is known) only the date-based part is said.
 */
export function amountWindow(debt: AmountWindowDebt, now: Date | null): AmountWindow | null {
  if (!debt.hasDiscount) return null;
  const until = debt.dueDate ?? debt.expirationDate;
  const untilText = until ? formatDateBR(until) : null;
  if (!until || !untilText)
    return {
      tone: "info",
      text: "Valor com desconto. O órgão não informou até quando o desconto vale.",
    };
  const after =
    debt.expirationDate && debt.dueDate && debt.expirationDate !== debt.dueDate
      ? ` (até ${formatDateBR(debt.expirationDate)}, com juros e multa)`
      : "";
  const base = `Valor com desconto até ${untilText}. Depois dessa data o valor muda: o desconto deixa de valer${after}.`;
  const days = now ? daysUntil(until, now) : null;
  if (days === null || days > DISCOUNT_WARNING_DAYS) return { tone: "info", text: base };
  if (days < 0 || debt.isExpired) {
    return {
      tone: "warning",
      text: `O prazo do desconto terminou em ${untilText}: o valor cobrado agora pode ser outro. Consulte de novo para ver o valor atual.`,
    };
  }
  const when = days === 0 ? "hoje" : days === 1 ? "amanhã" : `em ${days} dias`;
  return {
    tone: "warning",
    text: `O desconto acaba ${when} (${untilText}). Pague até essa data para manter este valor; depois, o valor muda${after}.`,
  };
}
