import "server-only";
import { db } from "@/lib/db/client";
import { defineWorker, type Worker } from "@/lib/jobs/worker";
import { radarLog } from "./logger";
import { plannerJob } from "./planner-job";
import { scanJob, waitingForBudget } from "./scan-job";
import { OPEN_SCAN } from "./settle-scans";
import { clock } from "@/lib/clock";

// Radar's two queues (lib/jobs), listed in lib/background/queues.ts: every instance runs both,
// the claims in the database decide who runs which row.
// - the planner, on RadarWatch: an active watch is due at its next turn (notBefore); claiming it
//   queues that turn's scan and moves it to the turn after;
// - the scans, on RadarScan: each sends one re-lookup within Radar's ceiling and ends with its
//   result (settle-scans.ts).

// Planning is two short statements per watch. Few at a time: on SQLite every query of the
// process waits its turn, and a person's lookup must not queue behind a backlog's planning.
// On SQLite the driver answers synchronously, so a drain could run from one resolved promise to the
// next without the event loop ever reaching a request: each chunk yields to it first.
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
export const PLANNER_CLAIM = { limit: 200, concurrency: 5, between: yieldToRequests };
// Scans wait on the network, but Radar's ceiling is a few a second at most, so a handful at a
// time keeps up; most of a backlog's claims only learn that the budget is spent for this window
// (no database call once one has: scan-job.ts sharedWait) and are deferred together; and once this
// process knows Radar's share of the window is spent it claims nothing until the next window (the
// deferred rows wake it then), rather than cycling a backlog through claims that all wait.
export const SCAN_CLAIM = {
  limit: () => (waitingForBudget() ? 0 : 200),
  concurrency: 10,
  between: yieldToRequests,
};

export const radarPlanner: Worker = defineWorker({
  job: plannerJob({
    onQueued: () => void radarScans.kick(),
    onDeferred: (at) => radarPlanner.wakeAt(at),
  }),
  claim: PLANNER_CLAIM,
  nextDue: async () =>
    (
      await db.radarWatch.findFirst({
        where: { status: "active", notBefore: { not: null } },
        orderBy: { notBefore: "asc" },
        select: { notBefore: true },
      })
    )?.notBefore,
  onError: (error) => radarLog.error({ err: error }, "radar planner stopped"),
  depth: {
    metric: "radar_watches_due",
    help: "Active Radar watches whose next turn is due and not yet queued (fleet-wide)",
    count: () =>
      db.radarWatch.count({
        where: { status: "active", OR: [{ notBefore: null }, { notBefore: { lte: clock.now() } }] },
      }),
  },
});

export const radarScans: Worker = defineWorker({
  job: scanJob({ onDeferred: (at) => radarScans.wakeAt(at) }),
  claim: SCAN_CLAIM,
  nextDue: async () =>
    (
      await db.radarScan.findFirst({
        where: { status: { in: OPEN_SCAN }, notBefore: { not: null } },
        orderBy: { notBefore: "asc" },
        select: { notBefore: true },
      })
    )?.notBefore,
  onError: (error) => radarLog.error({ err: error }, "radar scan worker stopped"),
  depth: {
    metric: "radar_scans_depth",
    help: "Radar scans not yet finished (fleet-wide)",
    count: () => db.radarScan.count({ where: { status: { in: OPEN_SCAN } } }),
  },
});
