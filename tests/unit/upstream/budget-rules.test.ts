import { describe, expect, it } from "vitest";
import {
  capFor,
  classOf,
  headroomBeside,
  pauseSecondsLeft,
  secondsToNextWindow,
  shareCapFor,
  windowOf,
} from "@/lib/upstream/budget-rules";

describe("upstream budget rules", () => {
  it("only the money path may spend the reserve", () => {
    for (const op of ["payment", "payment-status", "card-token", "checkout", "health"])
      expect(classOf(op)).toBe("money");
    for (const op of [
      "installments",
      "enrichment",
      "debt-lookup",
      "webhook-register",
      "anything-new",
    ])
      expect(classOf(op)).toBe("general");
    const config = { perMinute: 1000, reserve: 200 };
    expect(capFor("general", config)).toBe(800);
    expect(capFor("money", config)).toBe(1000);
  });

  it("a reserve larger than the limit leaves general calls nothing, never a negative cap", () => {
    expect(capFor("general", { perMinute: 10, reserve: 50 })).toBe(0);
    expect(capFor("money", { perMinute: 10, reserve: 50 })).toBe(10);
    expect(capFor("general", { perMinute: 10, reserve: -5 })).toBe(10);
  });

  it("windows are whole minutes; the wait is to the next one and never 0", () => {
    const t = Date.UTC(2026, 10, 24, 12, 0, 0);
    expect(windowOf(t)).toBe(windowOf(t + 59_999));
    expect(windowOf(t + 60_000)).toBe(windowOf(t) + 1);
    expect(secondsToNextWindow(t)).toBe(60);
    expect(secondsToNextWindow(t + 59_000)).toBe(1);
    expect(secondsToNextWindow(t + 59_999)).toBe(1);
    expect(secondsToNextWindow(t + 30_500)).toBe(30);
  });

  it("a pause counts down in whole seconds and is over at its instant", () => {
    const t = 1_000_000;
    expect(pauseSecondsLeft(undefined, t)).toBe(0);
    expect(pauseSecondsLeft(t, t)).toBe(0);
    expect(pauseSecondsLeft(t - 1, t)).toBe(0);
    expect(pauseSecondsLeft(t + 1, t)).toBe(1);
    expect(pauseSecondsLeft(t + 30_000, t)).toBe(30);
  });

  it("Radar's share sits inside the general budget: people keep the rest of it, the reserve is never part of either", () => {
    const config = { perMinute: 1000, reserve: 200 };
    expect(shareCapFor(400, config)).toBe(400);
    expect(headroomBeside(400, config)).toBe(400);
    // The money path's cap is untouched by the share.
    expect(capFor("money", config) - capFor("general", config)).toBe(200);
    // A share larger than the general budget is held to it (never into the reserve), never negative.
    expect(shareCapFor(5000, config)).toBe(800);
    expect(headroomBeside(5000, config)).toBe(0);
    expect(shareCapFor(-3, config)).toBe(0);
    expect(shareCapFor(10.7, config)).toBe(10);
  });
});
