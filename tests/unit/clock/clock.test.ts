import { describe, expect, it } from "vitest";
import { advanceClock, clockOffsetMs, now, nowMs } from "@/lib/clock";

describe("the server's clock", () => {
  it("reads the wall clock until a test moves it, then runs on from the moved time", () => {
    const before = Date.now();
    expect(Math.abs(nowMs() - before - clockOffsetMs())).toBeLessThan(50);
    const offset = clockOffsetMs();
    advanceClock(3 * 86_400_000);
    expect(clockOffsetMs()).toBe(offset + 3 * 86_400_000);
    expect(now().getTime() - Date.now()).toBeGreaterThanOrEqual(3 * 86_400_000 - 50);
  });

  it("never runs backwards", () => {
    expect(() => advanceClock(-1)).toThrow(/forward/);
    expect(() => advanceClock(Number.NaN)).toThrow(/forward/);
  });
});
