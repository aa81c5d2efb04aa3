import "server-only";
import { offIndex, rowsAsTable, setFromRows } from "@/lib/db/bulk-sql";
import type { Reaction } from "@/lib/db/reactions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { LookupsResolved } from "@/lib/lookups/reactions";
import { closeFinishedBatches } from "./finished";
import { BATCH_LOOKUP, itemColumnsFromDebts, OPEN_ITEM } from "./settle-item";
import { itemOutcomeOf } from "./summary";

const ITEM_COLUMNS = ["status", "errorCode", "errorMessage", "summary"] as const;

/**
 * Lookups resolved (lib/lookups/apply-result.ts): each one's batch item ends in the same
 * transaction, from the debts in hand (only an open item moves, so the item's own job, coming back
 * to check, changes nothing). No item: nothing matches.
 */
export const settleBatchItems: Reaction<LookupsResolved> = async (
  tx,
  { now, lookups: resolved },
) => {
  // Only lookups a batch item started: a person's or a Radar scan's result costs nothing here.
  const lookups = resolved.filter((l) => l.origin === BATCH_LOOKUP);
  if (lookups.length === 0) return;
  const items = lookups.map((g) => ({
    lookupId: g.lookupRowId,
    ...itemColumnsFromDebts(
      { id: g.lookupRowId, ...g },
      itemOutcomeOf(g.status, g.errorCode)!,
      g.debts,
    ),
  }));
  await tx.$executeRaw`UPDATE "LookupBatchItem"
       SET ${setFromRows(ITEM_COLUMNS)}, "finishedAt" = ${now}, "updatedAt" = ${now}
      FROM ${rowsAsTable("LookupBatchItem", ["lookupId", ...ITEM_COLUMNS], items)}
     WHERE "LookupBatchItem"."lookupId" = "j"."lookupId" AND ${offIndex("LookupBatchItem", "status")} IN (${Prisma.join(OPEN_ITEM)})`;
  // The batches whose last item this was finish in the same transaction.
  const ended = await tx.lookupBatchItem.findMany({
    where: { lookupId: { in: items.map((i) => i.lookupId) } },
    select: { batchId: true },
    distinct: ["batchId"],
  });
  return closeFinishedBatches(
    tx,
    ended.map((i) => i.batchId),
    now,
  );
};
