import { describe, expect, it } from "vitest";
import { backoffMs, DEFAULT_RETRY, givesUp } from "@/lib/jobs/backoff";

describe("job retry rules", () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 5_000 };

  it("doubles the wait after each failure, up to the ceiling", () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, policy))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });

  it("never overflows on huge attempt counts nor goes below the base on odd ones", () => {
    expect(backoffMs(10_000, policy)).toBe(5_000);
    expect(backoffMs(0, policy)).toBe(1_000);
  });

  it("gives up exactly at maxAttempts", () => {
    expect([1, 2, 3, 4, 5].map((a) => givesUp(a, policy))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(givesUp(DEFAULT_RETRY.maxAttempts - 1)).toBe(false);
    expect(givesUp(DEFAULT_RETRY.maxAttempts)).toBe(true);
  });
});
