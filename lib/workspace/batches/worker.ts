import "server-only";
import { db } from "@/lib/db/client";
import { runBatch } from "@/lib/jobs";
import { batchJob } from "./batch-job";
import { batchLog } from "./logger";
import { OPEN_ITEM } from "./settle-item";

// Drives the batch queue on this instance: kicked when a batch is created or retried, by the
// background tick (lib/background/start.ts, every 30 s, so items a dead instance held are
// taken up after their lease), and at the next item's notBefore (a budget wait or a check-back).
// Every instance runs one; the claims in the database decide who runs which item.

type State = { draining?: Promise<void>; again: boolean; wake?: { at: number; timer: NodeJS.Timeout } };
const g = globalThis as unknown as { __batchWorker?: State };
const state: State = (g.__batchWorker ??= { again: false });

// Items mostly wait on the network (the upstream call), so a whole claim runs at once: its Lookup
// rows are created in one transaction (batch-job.ts prepareGroup) and its calls leave together.
// The fleet budget, not this number, bounds the upstream rate; this bounds the open sockets.
export const BATCH_CLAIM = { limit: 100, concurrency: 100 };

function wakeAt(at: number): void {
  if (state.wake && state.wake.at <= at && state.wake.at > Date.now()) return;
  if (state.wake) clearTimeout(state.wake.timer);
  const timer = setTimeout(() => {
    state.wake = undefined;
    void kickBatches();
  }, Math.max(0, at - Date.now()) + 20);
  timer.unref();
  state.wake = { at, timer };
}

const job = batchJob({ onDeferred: (at) => wakeAt(at.getTime()) });

async function drain(): Promise<void> {
  do {
    state.again = false;
    while ((await runBatch(job, BATCH_CLAIM)) > 0);
  } while (state.again);
  const next = await db.lookupBatchItem.findFirst({
    where: { status: { in: OPEN_ITEM }, notBefore: { not: null } },
    orderBy: { notBefore: "asc" },
    select: { notBefore: true },
  });
  if (next?.notBefore) wakeAt(next.notBefore.getTime());
}

/** Runs due batch items (or notes that more arrived); resolves when nothing is due here. */
export function kickBatches(): Promise<void> {
  state.again = true;
  state.draining ??= drain()
    .catch((error: unknown) => batchLog.error({ err: error }, "batch worker stopped"))
    .finally(() => {
      state.draining = undefined;
    });
  return state.draining;
}
