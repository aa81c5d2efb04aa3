import { describe, expect, it } from "vitest";
import { backoffMs, givesUp } from "@/lib/jobs/backoff";
import {
  switchesOff,
  tryOffsetMs,
  WEBHOOK_MAX_TRIES,
  WEBHOOK_RETRY,
  WEBHOOK_RETRY_DELAYS_MS,
} from "@/lib/rules/webhook-delivery";

// Webhooks out's retry schedule (docs/api-webhooks.md): Svix's waits, for more than 24 h, then
// given up; and the switch-off after a documented failing period.

const H = 3_600_000;

describe("the retry schedule of a webhook delivery", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure", () => {
    const policy = WEBHOOK_RETRY;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, policy))).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * H,
      5 * H,
      10 * H,
      10 * H,
    ]);
    expect(backoffMs(50, policy)).toBe(10 * H);
  });

  it("keeps trying for more than 24 hours, then gives up at the eighth try", () => {
    expect(WEBHOOK_MAX_TRIES).toBe(8);
    expect(tryOffsetMs(WEBHOOK_MAX_TRIES)).toBeGreaterThan(24 * H);
    expect(tryOffsetMs(WEBHOOK_MAX_TRIES)).toBe(WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(givesUp(7, WEBHOOK_RETRY)).toBe(false);
    expect(givesUp(8, WEBHOOK_RETRY)).toBe(true);
  });

  it("an endpoint is switched off once it has failed, without a success, for the whole period", () => {
    const since = new Date("2026-11-01T00:00:00Z");
    const period = 120 * H;
    expect(switchesOff(null, new Date("2026-12-01T00:00:00Z"), period)).toBe(false);
    expect(switchesOff(since, new Date(since.getTime() + period - 1), period)).toBe(false);
    expect(switchesOff(since, new Date(since.getTime() + period), period)).toBe(true);
  });
});
