import "server-only";
import { db } from "@/lib/db/client";
import { findLookupView, type LookupView } from "@/lib/checkouts/lookup-view";

// The page "a vehicle's result -> choose debts -> make the link": one batch item of the account
// (batch AND account in the WHERE), its vehicle, client and lookup. Null when it is not there or
// not this account's, so the page answers both with the same 404.

const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ItemForLink = {
  plate: string;
  uf: string;
  status: string;
  errorMessage: string | null;
  client: { id: string; name: string; phone: string | null; hasEmail: boolean };
  lookup: LookupView | null;
};

export async function findItemForLink(
  userId: string,
  batchId: string,
  itemId: string,
): Promise<ItemForLink | null> {
  if (!ROW_ID.test(batchId) || !ROW_ID.test(itemId)) return null;
  const item = await db.lookupBatchItem.findFirst({
    where: { id: itemId, batchId, batch: { userId } },
    select: {
      status: true,
      errorMessage: true,
      lookupId: true,
      vehicle: {
        select: {
          plate: true,
          uf: true,
          client: { select: { id: true, name: true, phone: true, email: true } },
        },
      },
    },
  });
  if (!item) return null;
  const { client } = item.vehicle;
  return {
    plate: item.vehicle.plate,
    uf: item.vehicle.uf,
    status: item.status,
    errorMessage: item.errorMessage,
    client: {
      id: client.id,
      name: client.name,
      phone: client.phone,
      hasEmail: Boolean(client.email),
    },
    lookup: item.lookupId ? await findLookupView(item.lookupId) : null,
  };
}
