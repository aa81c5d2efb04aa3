import "server-only";
import { db } from "@/lib/db/client";
import { DEFAULT_RETRY, type Job } from "@/lib/jobs";
import { defineWorker, type Worker } from "@/lib/jobs/worker";
import { processSingleton } from "@/lib/server/singleton";
import { msSinceLastWrite, writesWaiting } from "./event-store";
import { handleDebts } from "./handlers/debts";
import { lookupResultOf } from "./handlers/lookup-results";
import { applyToOwnLookups } from "./handlers/match-lookup";
import type { HandlerOutcome } from "./handlers/outcome";
import { handlePaymentStatusUpdate } from "./handlers/payment-status-update";
import { handleSearchErrorEvent } from "./handlers/search-error-event";
import { handleVehicleNotFound } from "./handlers/vehicle-not-found";
import { handleVehicleWithoutDebts } from "./handlers/vehicle-without-debts";
import { webhookLog } from "./logger";
import { parseWebhookBody, type WebhookEventBody } from "./schemas";
import { clock } from "@/lib/clock";

// Applies stored events (WebhookEvent rows with outcome NULL), oldest first, a few at a time.
// The inbox table is the queue, claimed through lib/jobs: each row is held by one instance at a
// time (a lease that the runner renews), a failure backs off in the row (attempts, notBefore) and
// is given up as "failed" after a few tries, and a crashed instance's rows are claimed by another
// once their lease ends. The route kicks the worker after acknowledging, the background tick every
// 30 s. Handlers stay idempotent and forward-only: a row re-run after a lost lease changes nothing.

const CLAIM_LIMIT = 64;
const LEASE_MS = 30_000;
/**
 * Acknowledging comes first. Each event applied is a few ms of Prisma work on the same event loop
 * as the webhook route, and every step of an acknowledgment waits behind whatever is queued on it:
 * a chunk of applies at once puts tens of ms before each of those steps (docs/benchmarks.md). So
 * while deliveries are arriving (one queued in the last QUIET_MS: a chunk started in a gap between
 * deliveries would hold up the next ones) events
 * are applied ONE at a time with a yield between them, which bounds an ack's wait to one apply
 * step, and also keeps Prisma's SQLite write lock (held across awaits) short for the inbox's
 * commits. Once the flow stops, the backlog is applied IDLE_CONCURRENCY at once.
 */
const QUIET_MS = 250;
/**
 * Gathering a trickle (lib/jobs `gather`): a batch's 500 results come in a few every millisecond,
 * and a steady stream at the account's 84/s one every 12 ms; a claim for every row or two paid its
 * claim, group step and finishes each time (docs/benchmarks.md). About 16 rows per claim, waiting
 * 40-200 ms after a short claim; an event after a quiet spell is claimed at once.
 */
const GATHER = { rows: 16, minMs: 40, maxMs: 200 };
const IDLE_CONCURRENCY = 16;
const MAX_YIELD_MS = 50;

/** When the current chunk of applies started (the pacing below waits about as long). */
const pace = processSingleton("webhooks.dispatch-pace", () => ({ chunkStartedAt: 0 }));

function handle(
  event: WebhookEventBody,
  row: { id: string; receivedAt: Date },
): Promise<HandlerOutcome> {
  switch (event.type) {
    case "debts":
      return handleDebts(event, row.id);
    case "VehicleWithoutDebts":
      return handleVehicleWithoutDebts(event, row.id);
    case "VehicleNotFound":
      return handleVehicleNotFound(event, row.id);
    case "search-error-event":
      return handleSearchErrorEvent(event, row.id);
    case "payment-status-update":
      return handlePaymentStatusUpdate(event, { receivedAt: row.receivedAt });
  }
}

type InboxRow = {
  id: string;
  attempts: number;
  payload: string;
  receivedAt: Date;
  traceparent?: string | null;
};

const finishedData = (result: HandlerOutcome, appliedAt: Date) => ({
  outcome: result.outcome,
  error: result.detail ?? null,
  appliedAt,
});

async function applyOne(row: InboxRow): Promise<Record<string, unknown>> {
  const parsed = parseWebhookBody(JSON.parse(row.payload));
  const result: HandlerOutcome = !parsed.ok
    ? { outcome: "ignored", detail: `stored payload no longer valid: ${parsed.issues.join("; ")}` }
    : parsed.value.known
      ? await handle(parsed.value.event, row)
      : { outcome: "ignored", detail: `unknown event type ${parsed.value.event.type}` };
  return finishedData(result, clock.now());
}

/**
 * The claim's lookup results (debts, no debts, not found, search error) stored together: one read
 * and one transaction for all of them instead of a few statements each. A batch of 500 lookups
 * sends 500 of these within a second or two (docs/benchmarks.md). Other events, and a lone one,
 * run one by one (applyOne); each event ends with the outcome its own handler would give.
 */
async function applyLookupEventsTogether(
  rows: InboxRow[],
): Promise<Map<string, Record<string, unknown>>> {
  const group = rows.flatMap((row) => {
    const parsed = parseWebhookBody(JSON.parse(row.payload));
    if (!parsed.ok || !parsed.value.known) return [];
    const event = parsed.value.event;
    const result = lookupResultOf(event);
    return result ? [{ id: row.id, event, result }] : [];
  });
  if (group.length < 2) return new Map();
  const outcomes = await applyToOwnLookups(group);
  const appliedAt = clock.now();
  return new Map(group.map((g, i) => [g.id, finishedData(outcomes[i]!, appliedAt)]));
}

export const webhookInbox: Job<InboxRow> = {
  name: "webhook-inbox",
  table: db.webhookEvent,
  pending: { outcome: null },
  orderBy: { receivedAt: "asc" },
  select: { payload: true, receivedAt: true, traceparent: true },
  leaseMs: LEASE_MS,
  retry: DEFAULT_RETRY,
  failedData: (error, now) => ({ outcome: "failed", error, appliedAt: now }),
  prepare: applyLookupEventsTogether,
  run: applyOne,
  onDeferred: (at) => webhookDispatcher.wakeAt(at),
  sql: {
    db,
    table: "WebhookEvent",
    orderBy: "receivedAt",
    columns: ["payload", "receivedAt", "traceparent"],
  },
};

const applyConcurrency = () => (msSinceLastWrite() < QUIET_MS ? 1 : IDLE_CONCURRENCY);

/**
 * Between chunks: every request that is ready takes its turn, and deliveries waiting for the
 * inbox's commit go in before the next apply. On SQLite that commit needs the write lock, which an
 * apply's transaction holds across awaits; applies back to back leave a delivery retrying for the
 * lock. And while deliveries flow, applying takes at most about half of the time (it waits as
 * long as its last chunk took): an event loop kept busy by applies answers late. Bounded, so
 * applying always progresses; once deliveries stop, the backlog runs at full speed.
 */
async function yieldToDeliveries(): Promise<void> {
  const spent = Date.now() - pace.chunkStartedAt;
  await new Promise((r) => setImmediate(r));
  const until = Date.now() + MAX_YIELD_MS;
  while (writesWaiting() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
  if (msSinceLastWrite() < QUIET_MS && spent > 0)
    await new Promise((r) => setTimeout(r, Math.min(spent, MAX_YIELD_MS)));
  pace.chunkStartedAt = Date.now();
}

/**
 * The inbox queue. A short claim took every row due here: the drain asks again only if a delivery
 * came in since (a kick), not one empty claim per drain. Rows stored by another instance are its
 * dispatcher's (or the background tick's); a deferred row wakes us itself (onDeferred).
 */
export const webhookDispatcher: Worker = defineWorker({
  job: webhookInbox,
  claim: { limit: CLAIM_LIMIT, concurrency: applyConcurrency, between: yieldToDeliveries },
  stopOnShortClaim: true,
  gather: GATHER,
  onDrainStart: () => (pace.chunkStartedAt = Date.now()),
  onError: (error) => webhookLog.error({ err: error }, "webhook dispatcher stopped"),
  wakeSlackMs: 10,
  depth: {
    metric: "webhook_inbox_depth",
    help: "Webhook deliveries stored but not yet applied (fleet-wide)",
    count: () => db.webhookEvent.count({ where: { outcome: null } }),
  },
});

/** Starts applying pending events (or notes that more arrived); resolves when the inbox is empty. */
export const dispatchPendingWebhooks = (): Promise<void> => webhookDispatcher.kick();
