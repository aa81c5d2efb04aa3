// Upstream status calls per payment per minute, from the calls a counting proxy recorded
// (tests/support/counting-proxy.ts). The storefront asks by upstream paymentId (or transactionId /
// externalId), never by our ref, so calls are grouped by the request body. The rate comes from the
// gaps between consecutive calls: calls counted in a window overcount by a fence post (a 30 s
// budget puts calls at 0, 30 and 60 s: three inside a 60.5 s window, read as 2.9/min).
import type { UpstreamCall } from "../../support/counting-proxy";

export const STATUS_PATH = "/uvvi/v1/payment/status";

export type Rate = { id: string; calls: number; perMin: number; minGapS?: number };

/** One row per upstream payment asked about in the window; `payments` rows at least (no call: 0). */
export function statusCallRates(
  calls: UpstreamCall[],
  window: { from: number; to: number },
  payments: number,
): Rate[] {
  const minutes = (window.to - window.from) / 60_000;
  const byId = new Map<string, number[]>();
  for (const c of calls) {
    if (c.path !== STATUS_PATH || c.at < window.from || c.at > window.to) continue;
    const at = byId.get(c.body) ?? [];
    at.push(c.at);
    byId.set(c.body, at);
  }
  const rows: Rate[] = [...byId].map(([id, at]) => {
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    const perMin = gaps.length
      ? (gaps.length / gaps.reduce((a, b) => a + b, 0)) * 60_000
      : at.length / minutes;
    return {
      id,
      calls: at.length,
      perMin,
      ...(gaps.length ? { minGapS: Math.min(...gaps) / 1000 } : {}),
    };
  });
  while (rows.length < payments) rows.push({ id: "(no call)", calls: 0, perMin: 0 });
  return rows;
}

/** The worst payment's rate and the shortest gap between two calls for one payment (Infinity: none). */
export function worstRate(rows: Rate[]): { perMin: number; minGapS: number } {
  return {
    perMin: Math.max(0, ...rows.map((r) => r.perMin)),
    minGapS: Math.min(...rows.map((r) => r.minGapS ?? Infinity)),
  };
}
