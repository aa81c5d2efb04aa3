import "server-only";
import { db } from "@/lib/db/client";

/**
 * Payments decided "ainda listado" (a paid debt still listed by the authority at the last check),
 * newest first, with what an operator needs to follow each up with the payer or the upstream: the
 * public reference, the upstream's ids, and per debt what the authority still lists. No personal
 * data: the payer is reached through the payment page's reference.
 */
export async function listStillListed(limit = 200) {
  const watches = await db.delistingWatch.findMany({
    where: { verdict: "still_listed" },
    orderBy: { decidedAt: "desc" },
    take: limit,
    select: {
      paymentId: true,
      settledAt: true,
      decidedAt: true,
      debts: {
        where: { state: "still_listed" },
        select: { debtId: true, debtKey: true, listedAmountCents: true, lastListedAt: true },
      },
    },
  });
  const payments = await db.payment.findMany({
    where: { id: { in: watches.map((w) => w.paymentId) } },
    select: {
      id: true,
      publicRef: true,
      paymentId: true,
      transactionId: true,
      checkout: { select: { plate: true, uf: true } },
    },
  });
  const byId = new Map(payments.map((p) => [p.id, p]));
  return watches.map((w) => {
    const p = byId.get(w.paymentId);
    return {
      publicRef: p?.publicRef ?? null,
      upstreamPaymentId: p?.paymentId ?? null,
      transactionId: p?.transactionId ?? null,
      plate: p?.checkout.plate ?? null,
      uf: p?.checkout.uf ?? null,
      settledAt: w.settledAt,
      decidedAt: w.decidedAt,
      debts: w.debts,
    };
  });
}
