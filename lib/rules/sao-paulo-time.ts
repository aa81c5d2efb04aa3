// Wall-clock parts in America/Sao_Paulo, read from the engine's tz database (Temporal or Intl) so
// that no UTC offset is hardcoded: Brazil dropped DST in 2019, but if it ever returns the tz
// database will know and we will not.

export const SAO_PAULO_TZ = "America/Sao_Paulo";

export type WallClock = {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
};

// Two readings of the same tz database. Where the engine has Temporal (current Chromium does) it is
// the cheap one: the first Intl.DateTimeFormat on a page builds ICU's pattern generator, a long
// blocking task (longer still under Lighthouse's CPU slowdown) on the pay and status pages, while
// Temporal's zoned conversion takes about a millisecond. Engines without it (Node 20, older
// browsers) use Intl. tests/unit/rules/sao-paulo-time.test.ts checks both agree on any instant.
type TemporalApi = {
  Instant: {
    fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): WallClock };
  };
};

function viaTemporal(temporal: TemporalApi, instant: Date): WallClock {
  const z = temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(
    SAO_PAULO_TZ,
  );
  return {
    year: z.year,
    month: z.month,
    day: z.day,
    hour: z.hour,
    minute: z.minute,
    second: z.second,
  };
}

// One shared instance, built on first use rather than when the module loads.
let partsFormatter: Intl.DateTimeFormat | undefined;

function viaIntl(instant: Date): WallClock {
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SAO_PAULO_TZ,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
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

/** Both readings, for the test that holds them equal. */
export const wallClockReaders = { viaTemporal, viaIntl };

/** São Paulo's wall clock at an instant. Throws a RangeError for an invalid Date. */
export function saoPauloWallClock(instant: Date): WallClock {
  const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;
  return temporal ? viaTemporal(temporal, instant) : viaIntl(instant);
}

/** The instant at which São Paulo's wall clock shows the given time on the given day. */
export function saoPauloInstant(wall: Omit<WallClock, "second"> & { second?: number }): Date {
  const asIfUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second ?? 0,
  );
  // First guess with the offset of that same instant, then correct once: handles any offset
  // the tz database may give, without assuming -03:00.
  const offsetAt = (ms: number) => {
    const w = saoPauloWallClock(new Date(ms));
    return (
      Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) -
      Math.floor(ms / 1000) * 1000
    );
  };
  const guess = asIfUtc - offsetAt(asIfUtc);
  return new Date(asIfUtc - offsetAt(guess));
}
