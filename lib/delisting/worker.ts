import "server-only";
import { db } from "@/lib/db/client";
import { defineWorker, type Worker } from "@/lib/jobs/worker";
import { checkJob } from "./check-job";
import { delistingLog } from "./logger";

// The delisting checks' queue (lib/jobs), listed in lib/background/queues.ts: every instance runs
// it, the claims in the database decide who runs which watch. Checks wait on the network and on
// Radar's ceiling; a few at a time keep up with a ceiling of a few a second.
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export const delistingChecks: Worker = defineWorker({
  job: checkJob({ onDeferred: (at) => delistingChecks.wakeAt(at) }),
  claim: { limit: 100, concurrency: 5, between: yieldToRequests },
  nextDue: async () =>
    (
      await db.delistingWatch.findFirst({
        where: { status: "checking", notBefore: { not: null } },
        orderBy: { notBefore: "asc" },
        select: { notBefore: true },
      })
    )?.notBefore,
  onError: (error) => delistingLog.error({ err: error }, "delisting check worker stopped"),
  depth: {
    metric: "delisting_watches_depth",
    help: "Settled payments whose delisting checks are not decided yet (fleet-wide)",
    count: () => db.delistingWatch.count({ where: { status: "checking" } }),
  },
});
