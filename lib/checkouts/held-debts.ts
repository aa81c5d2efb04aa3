import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Hold } from "@/lib/rules/debt-availability";
import { RELEASING_PAYMENT_STATUSES } from "@/lib/rules/payment-status";
import { clock } from "@/lib/clock";

// Which upstream debt ids are paid or in an open payment of ours, from any checkout: a payment
// covers its checkout's debts (CheckoutDebt rows, written with the checkout, while PaymentDebt rows
// only come with status updates). Debt ids are upstream's UUIDs, so matching by id alone finds
// them on every checkout of the vehicle, whichever lookup it came from.

type Reader = Pick<Prisma.TransactionClient, "checkoutDebt">;

/**
 * The rule of lib/rules/payment-states.ts (holdsDebts) as a query: a payment holds its checkout's
 * debts unless it released them (refused, expired, not created), or we never heard back about it
 * and its checkout expired. Any other status, unknown ones included, holds them.
 */
function holdingWhere(now: Date) {
  return {
    OR: [
      { status: { notIn: [...RELEASING_PAYMENT_STATUSES, "pending"] } },
      { status: "pending", checkout: { expiresAt: { gt: now } } },
    ],
  };
}

export async function heldDebtIds(
  tx: Reader,
  debtIds: readonly string[],
  options: { exceptCheckoutId?: string; now?: Date } = {},
): Promise<Map<string, Hold>> {
  if (debtIds.length === 0) return new Map();
  const holding = holdingWhere(options.now ?? clock.now());
  const rows = await tx.checkoutDebt.findMany({
    where: {
      debtId: { in: [...debtIds] },
      ...(options.exceptCheckoutId ? { checkoutId: { not: options.exceptCheckoutId } } : {}),
      checkout: { payments: { some: holding } },
    },
    select: {
      debtId: true,
      checkout: { select: { payments: { where: holding, select: { status: true } } } },
    },
  });
  const held = new Map<string, Hold>();
  for (const row of rows) {
    const paid = row.checkout.payments.some((p) => p.status === "paid");
    if (paid || !held.has(row.debtId)) held.set(row.debtId, paid ? "paid" : "in_payment");
  }
  return held;
}
