import "server-only";
import { db } from "@/lib/db/client";
import { markWebhookOutcome, msSinceLastWrite } from "./event-store";
import { handleDebts } from "./handlers/debts";
import type { HandlerOutcome } from "./handlers/outcome";
import { handlePaymentStatusUpdate } from "./handlers/payment-status-update";
import { handleSearchErrorEvent } from "./handlers/search-error-event";
import { handleVehicleNotFound } from "./handlers/vehicle-not-found";
import { handleVehicleWithoutDebts } from "./handlers/vehicle-without-debts";
import { webhookLog } from "./logger";
import { parseWebhookBody, type WebhookEventBody } from "./schemas";

// Applies stored events (WebhookEvent rows with outcome NULL), oldest first, a few at a time.
// The inbox table is the queue: the route kicks the worker after acknowledging, the sweep kicks it
// every 30 s, so an event stored just before a crash is applied after the restart. Handlers are
// idempotent and forward-only, so a second instance applying the same row changes nothing.

const BATCH = 64;
const CONCURRENCY = 4;
const MAX_ATTEMPTS = 5;
/**
 * Acknowledging comes first. Applying runs through Prisma, which holds SQLite's write lock across
 * awaits; while deliveries keep arriving (a write queued in the last QUIET_MS) the worker applies
 * only one batch per MIN_PACE_MS, so inbox commits are not kept waiting for the lock and a burst
 * is absorbed at full speed; the backlog is applied once the burst ends. The pace guarantees
 * progress under sustained load.
 */
const QUIET_MS = 20;
const MIN_PACE_MS = 250;

type State = { draining?: Promise<void>; again: boolean; failures: Map<string, { count: number; notBefore: number }> };
const g = globalThis as unknown as { __webhookDispatch?: State };
const state: State = (g.__webhookDispatch ??= { again: false, failures: new Map() });

function handle(event: WebhookEventBody): Promise<HandlerOutcome> {
  switch (event.type) {
    case "debts":
      return handleDebts(event);
    case "VehicleWithoutDebts":
      return handleVehicleWithoutDebts(event);
    case "VehicleNotFound":
      return handleVehicleNotFound(event);
    case "search-error-event":
      return handleSearchErrorEvent(event);
    case "payment-status-update":
      return handlePaymentStatusUpdate(event);
  }
}

async function applyOne(row: { id: string; payload: string }): Promise<void> {
  try {
    const parsed = parseWebhookBody(JSON.parse(row.payload));
    const result: HandlerOutcome = !parsed.ok
      ? { outcome: "ignored", detail: `stored payload no longer valid: ${parsed.issues.join("; ")}` }
      : parsed.value.known
        ? await handle(parsed.value.event)
        : { outcome: "ignored", detail: `unknown event type ${parsed.value.event.type}` };
    await markWebhookOutcome(row.id, result.outcome, result.detail ?? null);
    state.failures.delete(row.id);
  } catch (error) {
    // Leave the row pending and retry with backoff; give up (outcome "failed") after a few tries.
    const f = state.failures.get(row.id) ?? { count: 0, notBefore: 0 };
    f.count += 1;
    f.notBefore = Date.now() + 2_000 * f.count;
    state.failures.set(row.id, f);
    webhookLog.error({ err: error, eventId: row.id, attempt: f.count }, "applying webhook event failed");
    if (f.count >= MAX_ATTEMPTS) {
      state.failures.delete(row.id);
      await markWebhookOutcome(row.id, "failed", String(error instanceof Error ? error.message : error)).catch(() => {});
    }
  }
}

async function drain(): Promise<void> {
  for (;;) {
    state.again = false;
    const now = Date.now();
    const backingOff = [...state.failures].filter(([, f]) => f.notBefore > now).map(([id]) => id);
    const todo = await db.webhookEvent.findMany({
      where: { outcome: null, id: { notIn: backingOff } },
      orderBy: { receivedAt: "asc" },
      take: BATCH,
      select: { id: true, payload: true },
    });
    if (todo.length === 0) {
      if (state.again) continue;
      return;
    }
    for (let i = 0; i < todo.length; i += CONCURRENCY) {
      await Promise.all(todo.slice(i, i + CONCURRENCY).map(applyOne));
      await yieldToDeliveries();
    }
  }
}

async function yieldToDeliveries(): Promise<void> {
  const started = Date.now();
  // Always yield once, so acknowledgments keep flowing while a backlog is applied.
  await new Promise((r) => setImmediate(r));
  while (msSinceLastWrite() < QUIET_MS && Date.now() - started < MIN_PACE_MS) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Starts applying pending events (or notes that more arrived); resolves when the inbox is empty. */
export function dispatchPendingWebhooks(): Promise<void> {
  state.again = true;
  state.draining ??= drain()
    .catch((error: unknown) => webhookLog.error({ err: error }, "webhook dispatcher stopped"))
    .finally(() => {
      state.draining = undefined;
    });
  return state.draining;
}
