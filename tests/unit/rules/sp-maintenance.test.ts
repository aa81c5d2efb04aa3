import { afterEach, describe, expect, it } from "vitest";
import {
  isSpMaintenanceWindow,
  outsideSpWindow,
  minutesUntilSpReopens,
  spMaintenanceNotice,
  spMaintenanceReopensAt,
} from "@/lib/rules/sp-maintenance";

// Instants written with São Paulo's offset (-03:00 in 2026) so the test reads as wall-clock time.
const sp = (wall: string) => new Date(`${wall}-03:00`);

describe("isSpMaintenanceWindow", () => {
  it.each([
    ["2026-11-20T23:59:59", false],
    ["2026-11-21T00:00:00", true],
    ["2026-11-21T03:30:00", true],
    ["2026-11-21T06:59:00", true],
    ["2026-11-21T06:59:59", true],
    ["2026-11-21T07:00:00", false],
    ["2026-11-21T12:00:00", false],
  ])("SP at %s -> %s", (wall, expected) => {
    expect(isSpMaintenanceWindow("SP", sp(wall))).toBe(expected);
  });

  it("only applies to SP", () => {
    expect(isSpMaintenanceWindow("RJ", sp("2026-11-21T03:00:00"))).toBe(false);
    expect(isSpMaintenanceWindow("sp", sp("2026-11-21T03:00:00"))).toBe(true);
  });

  describe("whatever the process time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      process.env.TZ = original;
    });

    it("reads São Paulo's clock, not the server's", () => {
      process.env.TZ = "Asia/Tokyo";
      expect(isSpMaintenanceWindow("SP", sp("2026-11-21T00:00:00"))).toBe(true);
      expect(isSpMaintenanceWindow("SP", sp("2026-11-21T07:00:00"))).toBe(false);
      process.env.TZ = "UTC";
      // 05:00 UTC is 02:00 in São Paulo.
      expect(isSpMaintenanceWindow("SP", new Date("2026-11-21T05:00:00Z"))).toBe(true);
      expect(isSpMaintenanceWindow("SP", new Date("2026-11-21T10:00:00Z"))).toBe(false);
    });
  });
});

describe("reopening", () => {
  it("reopens at 07:00 São Paulo time", () => {
    expect(spMaintenanceReopensAt(sp("2026-11-21T00:00:00")).toISOString()).toBe(
      "2026-11-21T10:00:00.000Z",
    );
    expect(spMaintenanceReopensAt(sp("2026-11-21T06:59:59")).toISOString()).toBe(
      "2026-11-21T10:00:00.000Z",
    );
    // After 07:00 the next reopening is tomorrow's, across a month end.
    expect(spMaintenanceReopensAt(sp("2026-11-30T23:59:00")).toISOString()).toBe(
      "2026-12-01T10:00:00.000Z",
    );
  });

  it("counts the minutes left", () => {
    expect(minutesUntilSpReopens(sp("2026-11-21T06:59:00"))).toBe(1);
    expect(minutesUntilSpReopens(sp("2026-11-21T06:59:30"))).toBe(1);
    expect(minutesUntilSpReopens(sp("2026-11-21T00:00:00"))).toBe(420);
    expect(minutesUntilSpReopens(sp("2026-11-21T07:00:00"))).toBe(0);
  });

  it("tells the person, in pt-BR, when lookups come back", () => {
    const notice = spMaintenanceNotice(sp("2026-11-21T05:15:00"));
    expect(notice).toContain("das 0h às 7h (horário de Brasília)");
    expect(notice).toContain("A consulta volta hoje às 7h (daqui a 1 h 45 min).");
    expect(spMaintenanceNotice(sp("2026-11-21T06:30:00"))).toContain("(daqui a 30 min)");
    expect(spMaintenanceNotice(sp("2026-11-21T05:00:00"))).toContain("(daqui a 2 h)");
    expect(spMaintenanceNotice(sp("2026-11-21T08:00:00"))).not.toContain("volta hoje");
  });
});

describe("outsideSpWindow", () => {
  it("moves an SP moment inside the window to 07:00 that day, and leaves the rest", () => {
    const inWindow = new Date("2026-03-10T05:30:00Z"); // 02:30 in São Paulo
    expect(outsideSpWindow("SP", inWindow).toISOString()).toBe("2026-03-10T10:00:00.000Z");
    expect(outsideSpWindow("MG", inWindow)).toEqual(inWindow);
    const open = new Date("2026-03-10T13:00:00Z");
    expect(outsideSpWindow("SP", open)).toEqual(open);
  });
});
