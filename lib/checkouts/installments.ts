import "server-only";
import { upstream } from "@/lib/upstream/client";
import type { InstallmentOption } from "@/lib/upstream/types";

export type InstallmentView = InstallmentOption;
export type InstallmentsView = {
  options: InstallmentView[];
  pix: { totalCents: number; interestCents: number } | null;
};

/**
 * The cost table: every card option plus PIX. The spec applies interest to PIX too but has no PIX
 * simulation endpoint; the sandbox's documented rule is "PIX costs the 1x option's total" (its
 * payment endpoint charges exactly that), so PIX is shown as the 1x option. `pix` is null when no
 * option exists (amounts below R$ 5,00: each installment must be at least R$ 5,00). Options are
 * ordered by count here, once, for every screen that lists them (the spec promises no order).
 * `beforeUpstreamCall` runs only on a cache miss (the route's rate limit: only calls that cost an
 * upstream request are counted).
 */
export async function getInstallments(
  amountCents: number,
  beforeUpstreamCall: () => Promise<void> = async () => {},
): Promise<InstallmentsView> {
  const cached = fromCache(amountCents);
  if (cached) return cached;
  await beforeUpstreamCall();
  const pending = simulate(amountCents);
  cache.set(amountCents, { at: Date.now(), view: pending });
  pending.catch(() => cache.delete(amountCents));
  evict();
  return pending;
}

async function simulate(amountCents: number): Promise<InstallmentsView> {
  const options = [...(await upstream.simulateInstallments(amountCents))].sort(
    (a, b) => a.number - b.number,
  );
  const single = options.find((o) => o.number === 1);
  return {
    options,
    pix: single ? { totalCents: single.totalCents, interestCents: single.interestCents } : null,
  };
}

// A simulation depends only on the amount, and decides nothing (the payment endpoint charges the
// upstream's own figure), so a per-process cache is enough: a repeat costs no upstream call and
// no database write. Concurrent requests for one amount share the pending call. Map order is
// insertion order, refreshed on a hit, so the first key is the least recently used.
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 2_000;
const cache = new Map<number, { at: number; view: Promise<InstallmentsView> }>();

function fromCache(amountCents: number): Promise<InstallmentsView> | undefined {
  const hit = cache.get(amountCents);
  if (!hit) return undefined;
  cache.delete(amountCents);
  if (Date.now() - hit.at >= TTL_MS) return undefined;
  cache.set(amountCents, hit);
  return hit.view;
}

function evict(): void {
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as number);
}
