import "server-only";
import { DEBT_LOOKUP } from "@/lib/upstream/client";
import { db } from "@/lib/db/client";
import { insertRows } from "@/lib/db/bulk-sql";
import { FAILURE_CODES, type FailureCode } from "@/lib/errors/failure-codes";
import { RetryLater, type Job, type RetryPolicy } from "@/lib/jobs";
import { lookupRowData, sendLookup } from "@/lib/lookups/start-lookup";
import { budget } from "@/lib/upstream/budget";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { LookupInput } from "@/lib/validation/lookup-input";
import { linkItemsToLookups, recordTransactionId } from "./group-writes";
import { closeFinishedBatches } from "./finished";
import { batchLog } from "./logger";
import { BATCH_LOOKUP, finishedItemData, OPEN_ITEM } from "./settle-item";
import { itemOutcomeOf } from "./summary";
import { processSingleton } from "@/lib/server/singleton";
import { clock } from "@/lib/clock";

// Batch items as a lib/jobs queue. One run of an item, on whichever instance claimed it:
//   1. no Lookup yet: create it (with its externalId) and link it to the item in ONE transaction,
//      before anything is sent, so a claimer that dies after this point is replaced by one that
//      reuses the same externalId: upstream answers it with the same lookup, never a second one;
//   2. not yet acknowledged upstream: send it, within the fleet's budget (lookups are general
//      traffic). A spent budget or an upstream 429 is not a failure: the item is deferred to the
//      Retry-After (notBefore), not retried in a loop while holding its lease;
//   3. result stored (webhook, synchronous answer, 404): the item ends done or failed;
//      still pending: deferred to check back (the webhook normally settles it first, through
//      applyLookupResult), and failed as LOOKUP_TIMEOUT after LOOKUP_GIVE_UP_MS.

export const BATCH_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 2_000, maxDelayMs: 60_000 };
export const CHECK_BACK_MS = 20_000;
export const LOOKUP_GIVE_UP_MS = 10 * 60_000;
const LEASE_MS = 60_000;

export type BatchItemRow = {
  id: string;
  attempts: number;
  lookupId: string | null;
  vehicle: { plate: string; uf: string; renavam: string; client: { cpfCnpj: string } };
};

// Not a correctness decision (the budget lives in the database): when one item here was told to
// wait, the others claimed with it wait too instead of each asking the budget again.
const sharedWait = processSingleton("batches.budget-wait", () => ({ until: 0 }));

const inputOf = ({ vehicle }: BatchItemRow) =>
  ({
    uf: vehicle.uf,
    plate: vehicle.plate,
    renavam: vehicle.renavam,
    cpfCnpj: vehicle.client.cpfCnpj,
  }) as LookupInput;

/** Step 1 alone (exported for the restart test, which plays a claimer that dies after it). */
export async function createLinkedLookup(row: BatchItemRow) {
  return db.$transaction(async (tx) => {
    const lookup = await tx.lookup.create({
      data: lookupRowData(inputOf(row), { origin: BATCH_LOOKUP }),
    });
    const linked = await tx.lookupBatchItem.updateMany({
      where: { id: row.id, lookupId: null, status: { in: OPEN_ITEM } },
      data: { lookupId: lookup.id, status: "running", startedAt: clock.now() },
    });
    if (linked.count !== 1)
      throw new Error("batch item changed while its lookup was being created");
    return lookup;
  });
}

type ItemLookup = Awaited<ReturnType<typeof createLinkedLookup>>;

const LOOKUP_COLUMNS = [
  "id",
  "externalId",
  "uf",
  "plate",
  "renavam",
  "cpfCnpj",
  "cpfCnpjIndex",
  "vehicleJson",
  "attempts",
  "origin",
  "status",
  "createdAt",
  "updatedAt",
] as const;

/**
 * Step 1 for a whole claim: every new Lookup row in ONE statement and every link in the same
 * transaction, committed before any of them is sent (the rule of step 1, once per claim instead
 * of once per item). All or nothing: if one item changed meanwhile, nothing is written and each
 * item takes the one-at-a-time path in runItem.
 */
export async function createLinkedLookups(
  rows: readonly BatchItemRow[],
): Promise<Map<string, ItemLookup>> {
  const fresh = rows
    .filter((r) => r.lookupId === null)
    .map((r) => ({ itemId: r.id, data: lookupRowData(inputOf(r), { origin: BATCH_LOOKUP }) }));
  if (fresh.length === 0) return new Map();
  const startedAt = clock.now();
  await db.$transaction(async (tx) => {
    // One raw statement (personal columns sealed by insertRows): Prisma's createMany of a claim's
    // lookups cost about 0.5 ms of CPU per row (docs/benchmarks.md, batch lookups).
    await insertRows(
      tx,
      "Lookup",
      LOOKUP_COLUMNS,
      fresh.map((f) => ({
        ...f.data,
        status: "pending",
        createdAt: startedAt,
        updatedAt: startedAt,
      })),
    );
    const linked = await linkItemsToLookups(
      tx,
      fresh.map((f) => [f.itemId, f.data.id] as const),
      startedAt,
    );
    if (linked !== fresh.length)
      throw new Error("batch items changed while their group's lookups were being created");
  });
  // What was just committed, so each item's run need not read its row back.
  const lookupOf = (f: (typeof fresh)[number]): ItemLookup => ({
    ...f.data,
    status: "pending",
    transactionId: null,
    errorCode: null,
    errorMessage: null,
    resultJson: null,
    resolvedByEventId: null,
    createdAt: startedAt,
    updatedAt: startedAt,
    resolvedAt: null,
    personalDataErasedAt: null,
  });
  return new Map(fresh.map((f) => [f.itemId, lookupOf(f)]));
}

function budgetWait(seconds: number | undefined): RetryLater {
  const at = Date.now() + Math.max(1, seconds ?? 1) * 1000;
  sharedWait.until = Math.max(sharedWait.until, at);
  return new RetryLater(new Date(at), "upstream budget: waiting for Retry-After");
}

// Lookups the group step created for items of a claim this process holds: a cache of committed
// rows, consumed by each item's run; a missing entry only means reading the row.
const prepared = new Map<string, ItemLookup>();

async function prepareGroup(rows: BatchItemRow[]): Promise<void> {
  if (sharedWait.until > Date.now()) return;
  const created = await createLinkedLookups(rows);
  for (const [itemId, lookup] of created) prepared.set(itemId, lookup);
  // The group's units in one statement; refused (not enough left), each send asks for its own.
  if (created.size > 0) await budget.takeAhead(DEBT_LOOKUP, created.size);
}

async function runItem(row: BatchItemRow): Promise<Record<string, unknown>> {
  // The claim read the row while it was open; if its result has landed since, the outcome below
  // is the same one applyLookupResult wrote.
  let lookup: ItemLookup | null = prepared.get(row.id) ?? null;
  prepared.delete(row.id);
  if (!lookup && row.lookupId) lookup = await db.lookup.findUnique({ where: { id: row.lookupId } });
  if (!lookup) {
    if (sharedWait.until > Date.now())
      throw new RetryLater(new Date(sharedWait.until), "upstream budget");
    lookup = await createLinkedLookup(row);
  }
  if (lookup.status === "pending" && lookup.transactionId === null) {
    if (sharedWait.until > Date.now())
      throw new RetryLater(new Date(sharedWait.until), "upstream budget");
    try {
      // Acknowledged: pending until its result (the webhook settles the item); no need to read back.
      if (
        (await sendLookup(lookup, { keepPendingOnRateLimit: true, recordTransactionId })) === "ack"
      )
        throw checkBack();
    } catch (error) {
      if (error instanceof RetryLater || !isUpstreamError(error)) throw error;
      if (error.code === "UPSTREAM_RATE_LIMITED") throw budgetWait(error.retryAfterSeconds);
      // Any other refusal was written to the lookup as failed: the item ends failed below.
    }
    lookup = await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } });
  }
  const outcome = itemOutcomeOf(lookup.status, lookup.errorCode);
  if (outcome) return finishedItemData(lookup, outcome);
  if (Date.now() - lookup.createdAt.getTime() > LOOKUP_GIVE_UP_MS) {
    batchLog.warn({ itemId: row.id, lookupId: lookup.id }, "batch lookup gave no result in time");
    return {
      ...failedWith("LOOKUP_TIMEOUT"),
      finishedAt: clock.now(),
    };
  }
  throw checkBack();
}

/** Items this claim ended (done, failed or given up): their batches finish if these were the last. */
async function closeBatchesOf(itemIds: string[]): Promise<void> {
  const items = await db.lookupBatchItem.findMany({
    where: { id: { in: itemIds } },
    select: { batchId: true },
    distinct: ["batchId"],
  });
  if (items.length === 0) return;
  const then = await db.$transaction((tx) =>
    closeFinishedBatches(
      tx,
      items.map((i) => i.batchId),
      clock.now(),
    ),
  );
  then();
}

/** An item that ends failed by a code of ours, with that code's words. */
const failedWith = (code: FailureCode) => ({
  status: "failed",
  errorCode: code,
  errorMessage: FAILURE_CODES[code].message,
});

// Rounded up to the second: the items of a claim that wait together are deferred in one statement.
const checkBack = () =>
  new RetryLater(
    new Date(Math.ceil((Date.now() + CHECK_BACK_MS) / 1000) * 1000),
    "waiting for the lookup's result",
  );

export function batchJob(
  options: { leaseMs?: number; onDeferred?: (at: Date) => void } = {},
): Job<BatchItemRow> {
  return {
    name: "lookup-batch",
    table: db.lookupBatchItem,
    pending: { status: OPEN_ITEM },
    orderBy: { createdAt: "asc" },
    // The vehicle comes with the claim (one query for the whole claim, not one per item).
    select: {
      lookupId: true,
      traceparent: true,
      vehicle: {
        select: { plate: true, uf: true, renavam: true, client: { select: { cpfCnpj: true } } },
      },
    },
    leaseMs: options.leaseMs ?? LEASE_MS,
    retry: BATCH_RETRY,
    failedData: (error) => {
      batchLog.error({ err: error }, "batch item given up after its last attempt");
      return {
        ...failedWith("LOOKUP_FAILED"),
        finishedAt: clock.now(),
      };
    },
    // Claimed in one statement, like every queue (lib/jobs/queue.ts); the vehicle is a relation, so
    // the claimed rows are read back by the claim's token.
    sql: {
      db,
      table: "LookupBatchItem",
      orderBy: "createdAt",
    },
    prepare: prepareGroup,
    run: runItem,
    afterFinish: closeBatchesOf,
    onDeferred: options.onDeferred,
  };
}
