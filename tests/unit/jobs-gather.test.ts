import { describe, expect, it } from "vitest";
import { gatherWaitMs } from "@/lib/jobs/gather";

describe("gathering a trickle into fewer claims", () => {
  const policy = { rows: 16, minMs: 40, maxMs: 200 };

  it("waits for about `rows` more at the rate the last claim saw", () => {
    // 8 rows in 40 ms (one every 5 ms): 16 more take 80 ms.
    expect(gatherWaitMs(policy, 8, 40)).toBe(80);
    // One instance at 84/s: 1 row in 12 ms → 192 ms.
    expect(gatherWaitMs(policy, 1, 12)).toBe(192);
  });

  it("a fleet's instance, seeing a third of the stream, waits longer (up to the most)", () => {
    expect(gatherWaitMs(policy, 2, 24)).toBeLessThan(gatherWaitMs(policy, 2, 72));
    expect(gatherWaitMs(policy, 2, 72)).toBe(200);
  });

  it("a fast stream (a batch's results) waits the least; an empty claim the most", () => {
    expect(gatherWaitMs(policy, 40, 20)).toBe(40);
    expect(gatherWaitMs(policy, 0, 5)).toBe(200);
    expect(gatherWaitMs(policy, 3, -5)).toBe(40);
  });
});
