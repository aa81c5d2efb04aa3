import "server-only";
import { upstream } from "@/lib/upstream/client";
import type { InstallmentOption } from "@/lib/upstream/types";

export type InstallmentView = InstallmentOption;
export type InstallmentsView = { options: InstallmentView[]; pix: { totalCents: number; interestCents: number } | null };

/**
 * The cost table: every card option plus PIX. The spec applies interest to PIX too but has no PIX
 * simulation endpoint; the sandbox's documented rule is "PIX costs the 1x option's total" (its
 * payment endpoint charges exactly that), so PIX is shown as the 1x option. `pix` is null when no
 * option exists (amounts below R$ 5,00: each installment must be at least R$ 5,00). Options are
 * ordered by count here, once, for every screen that lists them (the spec promises no order).
 */
export async function getInstallments(amountCents: number): Promise<InstallmentsView> {
  const options = [...(await upstream.simulateInstallments(amountCents))].sort((a, b) => a.number - b.number);
  const single = options.find((o) => o.number === 1);
  return { options, pix: single ? { totalCents: single.totalCents, interestCents: single.interestCents } : null };
}
