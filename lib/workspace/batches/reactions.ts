import "server-only";
import { caseSet } from "@/lib/db/bulk-sql";
import type { Reaction } from "@/lib/db/reactions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LookupsResolved } from "@/lib/lookups/reactions";
import { itemColumnsFromDebts, OPEN_ITEM } from "./settle-item";
import { itemOutcomeOf } from "./summary";

/**
 * Lookups resolved (lib/lookups/apply-result.ts): each one's batch item ends in the same
 * transaction, from the debts in hand (only an open item moves, so the item's own job, coming back
 * to check, changes nothing). No item: nothing matches.
 */
export const settleBatchItems: Reaction<LookupsResolved> = async (tx, { now, lookups }) => {
  const items = lookups.map((g) => [g.lookupRowId, itemColumnsFromDebts({ id: g.lookupRowId, ...g }, itemOutcomeOf(g.status, g.errorCode)!, g.debts)] as const);
  await tx.$executeRaw`UPDATE "LookupBatchItem"
       SET ${caseSet("lookupId", items, ["status", "errorCode", "errorMessage", "summary"])}, "finishedAt" = ${now}, "updatedAt" = ${now}
     WHERE "lookupId" IN (${Prisma.join(lookups.map((g) => g.lookupRowId))}) AND "status" IN (${Prisma.join(OPEN_ITEM)})`;
};
