import { describe, expect, it } from "vitest";
import {
  firstScanAt,
  isAuthorityError,
  nextScanAt,
  retryAfterAuthorityError,
  turnAt,
  turnOffsetMs,
  type ScanSchedule,
} from "@/lib/rules/radar-schedule";
import { saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import { isSpMaintenanceWindow } from "@/lib/rules/sp-maintenance";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const sp = (wall: string) => new Date(`${wall}-03:00`);
const fleet = (n: number, uf = "MG", periodMs = DAY, jitterMs = HOUR): ScanSchedule[] =>
  Array.from({ length: n }, (_, i) => ({ key: `watch-${i}`, uf, periodMs, jitterMs }));

describe("spreading re-lookups over the period", () => {
  it("puts a fleet's re-lookups evenly over the day: no hour holds much more than its share, midnight included", () => {
    const start = sp("2026-11-27T00:00:00");
    const k = Math.floor(start.getTime() / DAY);
    const perHour = new Array<number>(24).fill(0);
    const vehicles = fleet(10_000);
    for (const s of vehicles) {
      for (const at of [turnAt(s, k - 1), turnAt(s, k), turnAt(s, k + 1)]) {
        const into = at.getTime() - start.getTime();
        if (into >= 0 && into < DAY) perHour[Math.floor(into / HOUR)]! += 1;
      }
    }
    const share = vehicles.length / 24;
    expect(perHour.reduce((a, b) => a + b)).toBeGreaterThan(vehicles.length * 0.99);
    expect(Math.max(...perHour)).toBeLessThan(share * 1.2);
    expect(Math.min(...perHour)).toBeGreaterThan(share * 0.8);
  });

  it("a vehicle just watched is first due within a period (and its jitter)", () => {
    const now = sp("2026-11-27T10:00:00");
    for (const s of fleet(500)) {
      const due = firstScanAt(s, now).getTime();
      expect(due).toBeGreaterThanOrEqual(now.getTime());
      expect(due).toBeLessThanOrEqual(now.getTime() + DAY + HOUR);
    }
  });

  it("gives each vehicle one turn per period, whatever the jitter, the same on every instance", () => {
    for (const s of fleet(200, "MG", WEEK, DAY)) {
      let at = firstScanAt(s, sp("2026-11-27T10:00:00"));
      const dues = [at];
      for (let i = 0; i < 8; i++) dues.push((at = nextScanAt(s, at)));
      // One due time a period: jitter (at most a quarter of the period, around the vehicle's
      // place) never brings two turns together nor skips one.
      for (let i = 1; i < dues.length; i++) {
        expect(dues[i]!.getTime()).toBeGreaterThan(dues[i - 1]!.getTime());
        expect(dues[i]!.getTime() - dues[i - 1]!.getTime()).toBeGreaterThanOrEqual(WEEK - DAY);
        expect(dues[i]!.getTime() - dues[i - 1]!.getTime()).toBeLessThanOrEqual(WEEK + DAY);
      }
      expect(nextScanAt(s, dues[3]!)).toEqual(dues[4]);
    }
  });

  it("jitter moves the turn from one period to the next, and is capped at a quarter of the period", () => {
    const s: ScanSchedule = { key: "watch-jitter", uf: "MG", periodMs: DAY, jitterMs: 2 * HOUR };
    const offsets = Array.from({ length: 20 }, (_, k) => turnAt(s, k).getTime() - k * DAY);
    expect(new Set(offsets).size).toBeGreaterThan(10);
    for (const o of offsets)
      expect(Math.abs(o - turnOffsetMs(s.key, DAY))).toBeLessThanOrEqual(HOUR);
    const wild = { ...s, jitterMs: 10 * DAY };
    for (let k = 0; k < 50; k++)
      expect(
        Math.abs(turnAt(wild, k).getTime() - k * DAY - turnOffsetMs(s.key, DAY)),
      ).toBeLessThanOrEqual(DAY / 8);
  });

  it("runs in seconds as well as in days (tests shorten the period)", () => {
    const s: ScanSchedule = { key: "watch-fast", uf: "MG", periodMs: 2000, jitterMs: 200 };
    const t0 = new Date("2026-11-27T15:00:00Z");
    const first = firstScanAt(s, t0);
    expect(first.getTime() - t0.getTime()).toBeLessThan(2500);
    const second = nextScanAt(s, first);
    expect(second.getTime() - first.getTime()).toBeGreaterThanOrEqual(1500);
    expect(second.getTime() - first.getTime()).toBeLessThanOrEqual(2500);
  });
});

describe("São Paulo's maintenance window (00h to 07h, São Paulo time)", () => {
  it("never schedules an SP vehicle inside it, and spreads those it moves over the open hours", () => {
    const start = sp("2026-11-27T00:00:00");
    const k = Math.floor(start.getTime() / DAY);
    const perHour = new Array<number>(24).fill(0);
    let moved = 0;
    for (const s of fleet(5000, "SP")) {
      const turn = turnAt(s, k);
      const due = nextScanAt(s, new Date(turn.getTime() - 1));
      expect(isSpMaintenanceWindow("SP", due)).toBe(false);
      if (due.getTime() !== turn.getTime()) moved += 1;
      perHour[saoPauloWallClock(due).hour]! += 1;
    }
    // About 7/24 of the fleet was due in the window; at 07:00 no burst: the busiest open hour
    // holds well under twice the open hours' average.
    expect(moved).toBeGreaterThan(5000 * 0.25);
    expect(perHour.slice(0, 7).every((n) => n === 0)).toBe(true);
    expect(Math.max(...perHour)).toBeLessThan((5000 / 17) * 1.6);
    expect(perHour[7]).toBeLessThan((5000 / 17) * 1.6);
  });

  it("leaves other states alone in the window", () => {
    const s = fleet(500, "RJ");
    expect(
      s.some((v) => isSpMaintenanceWindow("SP", firstScanAt(v, sp("2026-11-27T00:00:00")))),
    ).toBe(true);
  });
});

describe("authority errors", () => {
  it("900-903 are retried, never a change; other codes are not authority errors", () => {
    expect(["900", "901", "902", "903"].every(isAuthorityError)).toBe(true);
    expect(["899", "904", "VehicleNotFound", ""].some(isAuthorityError)).toBe(false);
  });

  it("retries later, and an SP retry that would land in maintenance waits for its place after 07:00", () => {
    const s = { key: "watch-sp", uf: "SP", periodMs: DAY };
    expect(
      retryAfterAuthorityError({ ...s, uf: "MG" }, sp("2026-11-27T23:50:00"), 15 * 60_000),
    ).toEqual(sp("2026-11-28T00:05:00"));
    const retry = retryAfterAuthorityError(s, sp("2026-11-27T23:50:00"), 15 * 60_000);
    expect(retry.getTime()).toBeGreaterThanOrEqual(sp("2026-11-28T07:00:00").getTime());
    expect(retry.getTime()).toBeLessThan(sp("2026-11-29T00:00:00").getTime());
    expect(retryAfterAuthorityError(s, sp("2026-11-27T12:00:00"), 60_000)).toEqual(
      sp("2026-11-27T12:01:00"),
    );
  });
});
