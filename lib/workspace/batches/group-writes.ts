import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { offIndex, rowsAsTable } from "@/lib/db/bulk-sql";
import { OPEN_ITEM } from "./settle-item";
import { processSingleton } from "@/lib/server/singleton";

// Writes of a batch claim done as ONE statement for many rows instead of one Prisma query each
// (per-query cost, not SQLite, dominated the batch benchmark: docs/benchmarks.md). Raw SQL that
// SQLite and PostgreSQL both run (lib/db/bulk-sql.ts).

type Tx = Pick<typeof db, "$executeRaw">;

/** Links each open, unlinked item to its new lookup; returns how many moved (all or the caller rolls back). */
export function linkItemsToLookups(
  tx: Tx,
  links: readonly (readonly [itemId: string, lookupId: string])[],
  startedAt: Date,
): Promise<number> {
  const rows = rowsAsTable(
    "LookupBatchItem",
    ["id", "lookupId"],
    links.map(([id, lookupId]) => ({ id, lookupId })),
  );
  return tx.$executeRaw`UPDATE "LookupBatchItem" SET "lookupId" = "j"."lookupId", "status" = 'running', "startedAt" = ${startedAt}
    FROM ${rows}
    WHERE "LookupBatchItem"."id" = "j"."id" AND ${offIndex("LookupBatchItem", "lookupId")} IS NULL AND ${offIndex("LookupBatchItem", "status")} IN (${Prisma.join(OPEN_ITEM)})`;
}

type Pending = {
  lookupId: string;
  transactionId: string;
  resolve(): void;
  reject(error: unknown): void;
};
const state = processSingleton<{ queue: Pending[]; timer?: NodeJS.Timeout }>(
  "batches.tx-id-writes",
  () => ({ queue: [] }),
);
const WINDOW_MS = 3;

async function flush(): Promise<void> {
  state.timer = undefined;
  const batch = state.queue;
  state.queue = [];
  try {
    const rows = rowsAsTable(
      "Lookup",
      ["id", "transactionId"],
      batch.map((p) => ({ id: p.lookupId, transactionId: p.transactionId })),
    );
    await db.$executeRaw`UPDATE "Lookup" SET "transactionId" = "j"."transactionId" FROM ${rows} WHERE "Lookup"."id" = "j"."id" AND ${offIndex("Lookup", "transactionId")} IS NULL`;
    batch.forEach((p) => p.resolve());
  } catch (error) {
    batch.forEach((p) => p.reject(error));
  }
}

/**
 * Stores upstream's transactionId for an acknowledged lookup, together with the others
 * acknowledged within a few ms (one statement, one commit); resolves after that commit.
 */
export function recordTransactionId(lookupId: string, transactionId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    state.queue.push({ lookupId, transactionId, resolve, reject });
    state.timer ??= setTimeout(() => void flush(), WINDOW_MS);
  });
}
