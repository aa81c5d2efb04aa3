import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { caseOf } from "@/lib/db/bulk-sql";
import { OPEN_ITEM } from "./settle-item";
import { processSingleton } from "@/lib/server/singleton";

// Writes of a batch claim done as ONE statement for many rows instead of one Prisma query each
// (per-query cost, not SQLite, dominated the batch benchmark: docs/benchmarks.md). Raw SQL that
// SQLite and PostgreSQL both run (lib/db/bulk-sql.ts).

type Tx = Pick<typeof db, "$executeRaw">;

/** Links each open, unlinked item to its new lookup; returns how many moved (all or the caller rolls back). */
export function linkItemsToLookups(tx: Tx, links: readonly (readonly [itemId: string, lookupId: string])[], startedAt: Date): Promise<number> {
  const ids = Prisma.join(links.map(([itemId]) => itemId));
  const open = Prisma.join(OPEN_ITEM);
  return tx.$executeRaw`UPDATE "LookupBatchItem" SET "lookupId" = ${caseOf("id", links)}, "status" = 'running', "startedAt" = ${startedAt}
    WHERE "id" IN (${ids}) AND "lookupId" IS NULL AND "status" IN (${open})`;
}

type Pending = { lookupId: string; transactionId: string; resolve(): void; reject(error: unknown): void };
const state = processSingleton<{ queue: Pending[]; timer?: NodeJS.Timeout }>("batches.tx-id-writes", () => ({ queue: [] }));
const WINDOW_MS = 3;

async function flush(): Promise<void> {
  state.timer = undefined;
  const batch = state.queue;
  state.queue = [];
  try {
    const pairs = batch.map((p) => [p.lookupId, p.transactionId] as const);
    await db.$executeRaw`UPDATE "Lookup" SET "transactionId" = ${caseOf("id", pairs)} WHERE "id" IN (${Prisma.join(pairs.map(([id]) => id))}) AND "transactionId" IS NULL`;
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
