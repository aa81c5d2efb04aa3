// Detran-SP runs maintenance every day from 00:00 to 07:00 (São Paulo time); SP lookups fail
// then (upstream error 903). We warn before the person submits instead of letting it fail.

import { saoPauloInstant, saoPauloWallClock } from "./sao-paulo-time";

const REOPENS_AT_HOUR = 7;

/** True for SP from 00:00:00 through 06:59:59 in São Paulo; always false for other states. */
export function isSpMaintenanceWindow(uf: string, now: Date): boolean {
  if (uf.toUpperCase() !== "SP") return false;
  return saoPauloWallClock(now).hour < REOPENS_AT_HOUR;
}

/** When lookups reopen: 07:00 of the current São Paulo day, or of the next one after 07:00. */
export function spMaintenanceReopensAt(now: Date): Date {
  const w = saoPauloWallClock(now);
  // Date.UTC normalises day + 1 past the end of the month; only y/m/d are read back.
  const day =
    w.hour < REOPENS_AT_HOUR
      ? w
      : (() => {
          const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
          return {
            year: next.getUTCFullYear(),
            month: next.getUTCMonth() + 1,
            day: next.getUTCDate(),
          };
        })();
  return saoPauloInstant({
    year: day.year,
    month: day.month,
    day: day.day,
    hour: REOPENS_AT_HOUR,
    minute: 0,
  });
}

/** Minutes (rounded up) until SP lookups reopen; 0 outside the window. */
export function minutesUntilSpReopens(now: Date): number {
  if (!isSpMaintenanceWindow("SP", now)) return 0;
  return Math.ceil((spMaintenanceReopensAt(now).getTime() - now.getTime()) / 60_000);
}

const SCHEDULE =
  "O Detran-SP fica em manutenção todos os dias das 0h às 7h (horário de Brasília), e nesse " +
  "período não é possível consultar débitos de veículos de SP.";

/** The pt-BR warning for the lookup form; inside the window it also says when lookups reopen. */
export function spMaintenanceNotice(now: Date): string {
  const minutes = minutesUntilSpReopens(now);
  if (minutes === 0) return SCHEDULE;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const wait = hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `${SCHEDULE} A consulta volta hoje às 7h (daqui a ${wait}).`;
}

/** `at`, or for an SP vehicle whose moment falls in the window, 07:00 of that São Paulo day. */
export function outsideSpWindow(uf: string, at: Date): Date {
  return isSpMaintenanceWindow(uf, at) ? spMaintenanceReopensAt(at) : at;
}
