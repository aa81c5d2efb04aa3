import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { batchesFinished } from "./facts";
import { OPEN_ITEM } from "./settle-item";

// A batch finishes when its last open item ends. Items end in three places (the lookups' reaction,
// the item's own job, its give-up), each of which calls closeFinishedBatches after the item's end
// is written, so whichever ends the last one marks the batch (finishedAt) and runs the fact in the
// transaction that commits the mark (./facts.ts).

type Tx = Prisma.TransactionClient;

/**
 * Marks each of these batches finished when none of its items is open any more, and runs the fact
 * for those it marked; returns what to run after the commit. The batch rows are locked first, and
 * the check runs after the lock: two transactions ending a batch's last two items at once are
 * serialised there, and the second one's check (a new statement, PostgreSQL's READ COMMITTED) sees
 * the first one's item ended, so exactly one of them marks it.
 */
export async function closeFinishedBatches(
  tx: Tx,
  batchIds: readonly string[],
  now: Date,
): Promise<() => void> {
  const ids = [...new Set(batchIds)];
  if (ids.length === 0) return () => {};
  await tx.$executeRaw`UPDATE "LookupBatch" SET "id" = "id" WHERE "id" IN (${Prisma.join(ids)})`;
  const closed = await tx.$queryRaw<{ id: string; userId: string; createdAt: Date | string }[]>`
    UPDATE "LookupBatch" SET "finishedAt" = ${now}
     WHERE "id" IN (${Prisma.join(ids)}) AND "finishedAt" IS NULL
       AND NOT EXISTS (SELECT 1 FROM "LookupBatchItem" AS i
                        WHERE i."batchId" = "LookupBatch"."id"
                          AND i."status" IN (${Prisma.join(OPEN_ITEM)}))
     RETURNING "id", "userId", "createdAt"`;
  if (closed.length === 0) return () => {};
  const counts = await tx.lookupBatchItem.groupBy({
    by: ["batchId", "status"],
    where: { batchId: { in: closed.map((b) => b.id) } },
    _count: { _all: true },
  });
  const count = (batchId: string, status?: string) =>
    counts
      .filter((c) => c.batchId === batchId && (!status || c.status === status))
      .reduce((n, c) => n + c._count._all, 0);
  return batchesFinished.run(tx, {
    batches: closed.map((b) => ({
      batchId: b.id,
      userId: b.userId,
      items: count(b.id),
      done: count(b.id, "done"),
      failed: count(b.id, "failed"),
      createdAt: new Date(b.createdAt),
      finishedAt: now,
    })),
  });
}
