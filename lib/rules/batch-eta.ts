// Estimated time left for a batch, from the rate observed so far: pure, unit-tested.
//
// The rate is measured over the most recent finishes (a sliding window of the last `window`
// items), not since the batch began: a batch that waited for the upstream budget, or was
// retried an hour later, must not drag the estimate. Null while there is nothing to go on
// (fewer than two finishes) and when nothing is left.

export type EtaInput = {
  remaining: number;
  /** Finish times (ms since epoch) of the items finished so far, any order. */
  finishedAt: readonly number[];
  /** When the batch (or its latest retry) started, ms. */
  startedAt: number;
  now: number;
  window?: number;
};

export function estimateSecondsLeft({
  remaining,
  finishedAt,
  startedAt,
  now,
  window = 50,
}: EtaInput): number | null {
  if (remaining <= 0) return 0;
  const recent = [...finishedAt]
    .filter((t) => t >= startedAt)
    .sort((a, b) => a - b)
    .slice(-window);
  if (recent.length < 2) return null;
  // From the window's first finish to now: counts the time since the last finish too, so a
  // stalled batch's estimate grows instead of freezing.
  const spanMs = Math.max(now, recent.at(-1)!) - recent[0]!;
  if (spanMs <= 0) return null;
  const perItemMs = spanMs / (recent.length - 1);
  return Math.max(1, Math.round((remaining * perItemMs) / 1000));
}

/** "cerca de 2 min", "menos de 1 min" … for the progress bar. */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return "calculando…";
  if (seconds <= 0) return "concluído";
  if (seconds < 60) return `cerca de ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `cerca de ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `cerca de ${hours} h ${minutes % 60} min`;
}
