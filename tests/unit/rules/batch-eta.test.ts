import { describe, expect, it } from "vitest";
import { estimateSecondsLeft, formatEta } from "@/lib/rules/batch-eta";

describe("ETA from the observed rate", () => {
  const now = 1_000_000;
  it("uses the recent finishes, including the time since the last one", () => {
    // 11 finishes one second apart, the last one 1 s ago: 11 s / 10 intervals = 1.1 s per item.
    const finishedAt = Array.from({ length: 11 }, (_, i) => now - 11_000 + i * 1000);
    expect(estimateSecondsLeft({ remaining: 100, finishedAt, startedAt: 0, now })).toBe(110);
  });
  it("nothing to go on, nothing left, finishes before the start ignored, window", () => {
    expect(
      estimateSecondsLeft({ remaining: 5, finishedAt: [now - 10], startedAt: 0, now }),
    ).toBeNull();
    expect(estimateSecondsLeft({ remaining: 0, finishedAt: [], startedAt: 0, now })).toBe(0);
    const old = [now - 3_600_000, now - 3_599_000];
    expect(
      estimateSecondsLeft({
        remaining: 5,
        finishedAt: [...old, now - 2000, now - 1000],
        startedAt: now - 60_000,
        now,
      }),
    ).toBe(10); // 2 s per item since the first recent finish
    const many = [
      ...Array.from({ length: 50 }, (_, i) => now - 1_000_000 + i),
      ...Array.from({ length: 3 }, (_, i) => now - 2000 + i * 1000),
    ];
    expect(
      estimateSecondsLeft({ remaining: 2, finishedAt: many, startedAt: 0, now, window: 3 }),
    ).toBe(2); // only the last 3: 1 s per item
  });
  it("reads in pt-BR", () => {
    expect(formatEta(null)).toBe("calculando…");
    expect(formatEta(0)).toBe("concluído");
    expect(formatEta(42)).toBe("cerca de 42 s");
    expect(formatEta(150)).toBe("cerca de 3 min");
    expect(formatEta(3 * 3600 + 300)).toBe("cerca de 3 h 5 min");
  });
});
