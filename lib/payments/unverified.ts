import "server-only";
import { db } from "@/lib/db/client";
import { KNOWN_PAYMENT_STATUSES } from "@/lib/rules/payment-status";

/**
 * Payments holding a status the upstream returned that we do not know ("em verificação com a
 * operadora"): money may have moved, so an operator looks at each (docs/payment-states.md).
 */
export async function listUnverifiedPayments(limit = 200) {
  return db.payment.findMany({
    where: { status: { notIn: [...KNOWN_PAYMENT_STATUSES] } },
    orderBy: { updatedAt: "asc" },
    take: limit,
    select: {
      publicRef: true,
      externalId: true,
      paymentId: true,
      method: true,
      status: true,
      amountCents: true,
      createdAt: true,
      updatedAt: true,
    },
  });
}
