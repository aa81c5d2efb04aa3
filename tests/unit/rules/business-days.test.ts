import { describe, expect, it } from "vitest";
import { addBusinessDays, easterSunday, isBusinessDay, isHoliday } from "@/lib/rules/business-days";

const day = (iso: string) => {
  const [year, month, d] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day: d };
};

describe("business days in São Paulo", () => {
  it("finds Easter on the dates the calendar prints", () => {
    expect(easterSunday(2024)).toEqual(day("2024-03-31"));
    expect(easterSunday(2025)).toEqual(day("2025-04-20"));
    expect(easterSunday(2026)).toEqual(day("2026-04-05"));
    expect(easterSunday(2027)).toEqual(day("2027-03-28"));
  });

  it("counts the national, state and city holidays, Carnival and Corpus Christi, not Ash Wednesday", () => {
    for (const h of [
      "2026-01-01",
      "2026-01-25",
      "2026-02-16", // Carnival Monday
      "2026-02-17", // Carnival Tuesday
      "2026-04-03", // Good Friday
      "2026-04-21",
      "2026-05-01",
      "2026-06-04", // Corpus Christi
      "2026-07-09",
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ])
      expect(isHoliday(day(h)), h).toBe(true);
    expect(isHoliday(day("2026-02-18"))).toBe(false); // Ash Wednesday
    expect(isBusinessDay(day("2026-02-18"))).toBe(true);
    expect(isBusinessDay(day("2026-11-28"))).toBe(false); // Saturday
    expect(isBusinessDay(day("2026-11-29"))).toBe(false); // Sunday
    expect(isBusinessDay(day("2026-11-30"))).toBe(true);
  });

  it("moves by business days at the same São Paulo time", () => {
    // Thursday 2026-11-19 15:30 in São Paulo (18:30Z); Friday 20 is a holiday.
    const thu = new Date("2026-11-19T18:30:00Z");
    expect(addBusinessDays(thu, 1).toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(addBusinessDays(thu, 3).toISOString()).toBe("2026-11-25T18:30:00.000Z");
    expect(addBusinessDays(thu, 7).toISOString()).toBe("2026-12-01T18:30:00.000Z");
    expect(addBusinessDays(thu, 0).toISOString()).toBe(thu.toISOString());
  });

  it("reads the São Paulo date, not the UTC one, near midnight", () => {
    // 01:00Z on Saturday is 22:00 on Friday in São Paulo: Monday is one business day later.
    const fridayNight = new Date("2026-11-28T01:00:00Z");
    expect(addBusinessDays(fridayNight, 1).toISOString()).toBe("2026-12-01T01:00:00.000Z");
  });

  it("skips Carnival and the year's turn", () => {
    expect(addBusinessDays(new Date("2026-02-13T15:00:00Z"), 1).toISOString()).toBe(
      "2026-02-18T15:00:00.000Z",
    );
    expect(addBusinessDays(new Date("2026-12-31T15:00:00Z"), 1).toISOString()).toBe(
      "2027-01-04T15:00:00.000Z",
    );
  });

  it("refuses a negative or fractional count", () => {
    expect(() => addBusinessDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addBusinessDays(new Date(), 1.5)).toThrow(RangeError);
  });
});
