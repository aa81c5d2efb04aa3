import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Hold } from "@/lib/rules/debt-availability";

// Which upstream debt ids are paid or in an open payment of ours, from any checkout: a payment
// covers its checkout's debts (CheckoutDebt rows, written with the checkout, while PaymentDebt rows
// only come with status updates). Debt ids are upstream's UUIDs, so matching by id alone finds
// them on every checkout of the vehicle, whichever lookup it came from.

/** Only these release their debts; any other status (unknown ones included) holds them. */
const RELEASED = ["refused", "expired"];

type Reader = Pick<Prisma.TransactionClient, "checkoutDebt">;

export async function heldDebtIds(client: Reader, debtIds: readonly string[], options: { exceptCheckoutId?: string } = {}): Promise<Map<string, Hold>> {
  if (debtIds.length === 0) return new Map();
  const holding = { status: { notIn: RELEASED } };
  const rows = await client.checkoutDebt.findMany({
    where: {
      debtId: { in: [...debtIds] },
      ...(options.exceptCheckoutId ? { checkoutId: { not: options.exceptCheckoutId } } : {}),
      checkout: { payments: { some: holding } },
    },
    select: { debtId: true, checkout: { select: { payments: { where: holding, select: { status: true } } } } },
  });
  const held = new Map<string, Hold>();
  for (const row of rows) {
    const paid = row.checkout.payments.some((p) => p.status === "paid");
    if (paid || !held.has(row.debtId)) held.set(row.debtId, paid ? "paid" : "in_payment");
  }
  return held;
}
