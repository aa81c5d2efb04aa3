import "server-only";
import { db } from "@/lib/db/client";

// Events carry no signature: a lookup event counts only for a lookup WE started, matched on our
// externalId AND, once the upstream gave us one, its transactionId. A guessed or replayed
// externalId from someone else's transaction matches nothing.
export async function findOwnLookup(e: { externalId: string; transactionId: string }) {
  const lookup = await db.lookup.findUnique({
    where: { externalId: e.externalId },
    select: { id: true, transactionId: true, status: true },
  });
  if (!lookup) return null;
  if (lookup.transactionId !== null && lookup.transactionId !== e.transactionId) return null;
  return lookup;
}

export const NO_LOOKUP = "no lookup of ours with this externalId/transactionId";
