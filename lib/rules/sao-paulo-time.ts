// Wall-clock parts in America/Sao_Paulo, read through Intl so that no UTC offset is hardcoded:
// Brazil dropped DST in 2019, but if it ever returns the tz database will know and we will not.

export const SAO_PAULO_TZ = "America/Sao_Paulo";

export type WallClock = {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
};

// Building an Intl.DateTimeFormat is slow; one shared instance is enough for every caller.
const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: SAO_PAULO_TZ,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export function saoPauloWallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    // Some engines still print midnight as "24" even with h23; fold it back.
    hour: (parts.hour ?? NaN) % 24,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

/** The instant at which São Paulo's wall clock shows the given time on the given day. */
export function saoPauloInstant(wall: Omit<WallClock, "second"> & { second?: number }): Date {
  const asIfUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  // First guess with the offset of that same instant, then correct once: handles any offset
  // the tz database may give, without assuming -03:00.
  const offsetAt = (ms: number) => {
    const w = saoPauloWallClock(new Date(ms));
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
  };
  const guess = asIfUtc - offsetAt(asIfUtc);
  return new Date(asIfUtc - offsetAt(guess));
}
