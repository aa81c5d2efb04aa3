import "server-only";
import { db } from "@/lib/db/client";
import { defineWorker, type Worker } from "@/lib/jobs/worker";
import { batchJob } from "./batch-job";
import { batchLog } from "./logger";
import { OPEN_ITEM } from "./settle-item";

// The batch item queue: kicked when a batch is created or retried, by the background tick (so
// items a dead instance held are taken up after their lease), and at the next item's notBefore (a
// budget wait or a check-back).

// Items mostly wait on the network (the upstream call), so a whole claim runs at once: its Lookup
// rows are created in one transaction (batch-job.ts prepareGroup) and its calls leave together.
// The fleet budget, not this number, bounds the upstream rate; this bounds the open sockets.
export const BATCH_CLAIM = { limit: 100, concurrency: 100 };

export const batchItems: Worker = defineWorker({
  job: batchJob({ onDeferred: (at) => batchItems.wakeAt(at) }),
  claim: BATCH_CLAIM,
  nextDue: async () =>
    (
      await db.lookupBatchItem.findFirst({
        where: { status: { in: OPEN_ITEM }, notBefore: { not: null } },
        orderBy: { notBefore: "asc" },
        select: { notBefore: true },
      })
    )?.notBefore,
  onError: (error) => batchLog.error({ err: error }, "batch worker stopped"),
  depth: {
    metric: "batch_items_depth",
    help: "Batch lookup items not yet settled (fleet-wide)",
    count: () => db.lookupBatchItem.count({ where: { status: { in: OPEN_ITEM } } }),
  },
});

/** Runs due batch items (or notes that more arrived); resolves when nothing is due here. */
export const kickBatches = (): Promise<void> => batchItems.kick();
