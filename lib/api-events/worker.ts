import "server-only";
import { db } from "@/lib/db/client";
import { defineWorker, type QueueDepth, type Worker } from "@/lib/jobs/worker";
import { deliveryJob } from "./delivery-job";
import { apiEventsLog } from "./logger";

// Webhooks out's queue (lib/jobs), listed in lib/background/queues.ts. A claim's rows are sent at
// once, each finished as soon as its own answer comes, but the next claim waits for the claim's
// slowest receiver (at most the timeout). So the queue runs in LANES, each its own worker loop on
// the same rows: a receiver that hangs holds one lane, and the others go on delivering to everyone
// else. The claims in the database decide which lane (and which instance) sends which row.

export const DELIVERY_LANES = 4;
export const DELIVERY_CLAIM = { limit: 16, concurrency: 16 };

const depth: QueueDepth = {
  metric: "api_webhook_deliveries_depth",
  help: "Webhook deliveries not yet delivered or given up (fleet-wide)",
  count: () => db.apiDelivery.count({ where: { outcome: null } }),
};

const nextDue = async () =>
  (
    await db.apiDelivery.findFirst({
      where: { outcome: null, notBefore: { not: null } },
      orderBy: { notBefore: "asc" },
      select: { notBefore: true },
    })
  )?.notBefore;

const lanes: Worker[] = Array.from({ length: DELIVERY_LANES }, (_, i) =>
  defineWorker({
    job: deliveryJob(`api-deliveries-${i}`),
    claim: DELIVERY_CLAIM,
    // Only the first lane wakes for a backed-off retry: it kicks the others (below).
    nextDue: i === 0 ? nextDue : undefined,
    onError: (error) =>
      apiEventsLog.error({ err: error, lane: i }, "webhook delivery lane stopped"),
    depth,
  }),
);

export const apiDeliveries: Worker = {
  name: "api-deliveries",
  depth,
  async kick() {
    await Promise.all(lanes.map((lane) => lane.kick()));
  },
  wakeAt: (at) => lanes[0]!.wakeAt(at),
  async idle() {
    await Promise.all(lanes.map((lane) => lane.idle()));
  },
  async stop() {
    await Promise.all(lanes.map((lane) => lane.stop()));
  },
};

/** Starts delivering due rows (or notes that more arrived); resolves when no lane has work. */
export const kickDeliveries = (): Promise<void> => apiDeliveries.kick();
