import fc from "fast-check";
import { Temporal } from "temporal-polyfill";
import { afterEach, describe, expect, it } from "vitest";
import { formatDateTimeBR } from "@/lib/rules/money";
import { saoPauloInstant, saoPauloWallClock, wallClockReaders } from "@/lib/rules/sao-paulo-time";

// Node 20 has no Temporal, so the browser's reading is exercised through the polyfill, which reads
// the same tz database through Intl: the two must agree on every instant, DST years included.
const { viaIntl, viaTemporal } = wallClockReaders;
const temporal = Temporal as unknown as Parameters<typeof viaTemporal>[0];

describe("São Paulo wall clock: Temporal and Intl agree", () => {
  it.each([
    ["Brazil's last DST start, 2018-11-04 00:00 local", "2018-11-04T03:00:00Z"],
    ["the minute before it", "2018-11-04T02:59:59Z"],
    ["the last DST end, 2019-02-17 00:00 local (-02:00)", "2019-02-17T02:00:00Z"],
    ["the second before it", "2019-02-17T01:59:59Z"],
    ["local midnight in 2026", "2026-11-21T03:00:00Z"],
    ["the epoch", "1970-01-01T00:00:00Z"],
  ])("%s", (_, iso) => {
    const instant = new Date(iso);
    expect(viaTemporal(temporal, instant)).toEqual(viaIntl(instant));
  });

  it("on any instant from 1900 to 2100", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const instant = new Date(ms);
        expect(viaTemporal(temporal, instant)).toEqual(viaIntl(instant));
      }),
      { numRuns: 5000 },
    );
  });

  it("both refuse an invalid date with a RangeError", () => {
    expect(() => viaIntl(new Date(NaN))).toThrow(RangeError);
    expect(() => viaTemporal(temporal, new Date(NaN))).toThrow(RangeError);
  });
});

describe("saoPauloWallClock picks Temporal when the engine has it", () => {
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  it("reads the same through either engine, and round-trips through saoPauloInstant", () => {
    const instant = new Date("2026-11-21T17:05:09Z");
    const withoutTemporal = saoPauloWallClock(instant);
    (globalThis as { Temporal?: unknown }).Temporal = Temporal;
    const withTemporal = saoPauloWallClock(instant);
    expect(withTemporal).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 14,
      minute: 5,
      second: 9,
    });
    expect(withTemporal).toEqual(withoutTemporal);
    expect(saoPauloInstant(withTemporal).toISOString()).toBe(instant.toISOString());
    expect(formatDateTimeBR(instant)).toBe("21/11/2026 às 14:05");
  });

  it("uses the global Temporal when there is one (a stand-in that answers differently proves it)", () => {
    const fake = {
      Instant: {
        fromEpochMilliseconds: () => ({
          toZonedDateTimeISO: () => ({ year: 1, month: 2, day: 3, hour: 4, minute: 5, second: 6 }),
        }),
      },
    };
    (globalThis as { Temporal?: unknown }).Temporal = fake;
    expect(saoPauloWallClock(new Date())).toEqual({
      year: 1,
      month: 2,
      day: 3,
      hour: 4,
      minute: 5,
      second: 6,
    });
  });
});
