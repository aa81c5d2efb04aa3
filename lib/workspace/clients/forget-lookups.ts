import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/**
 * Deletes the Lookup rows (with their debts) that a deleted client's vehicles made, except one
 * a kept payment record still points at: a Checkout needs its Lookup, and a payment is a record
 * we must keep (see delete-client.ts).
 */
export async function deleteLookupsOf(tx: Tx, lookupIds: (string | null)[]): Promise<number> {
  const ids = [...new Set(lookupIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return 0;
  const { count } = await tx.lookup.deleteMany({
    where: { id: { in: ids }, checkouts: { none: {} } },
  });
  return count;
}
