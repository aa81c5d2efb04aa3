import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Job, RetryPolicy } from "@/lib/jobs";
import { metrics } from "@/lib/metrics/registry";
import { isDelivered, WEBHOOK_RETRY } from "@/lib/rules/webhook-delivery";
import type { WebhookMode } from "@/lib/rules/webhook-address";
import { apiEventsLog } from "./logger";
import { sendEvent, type SendResult } from "./send";
import { noteEndpointFailure, noteEndpointSuccess } from "./switch-off";
import { clock } from "@/lib/clock";

// Webhooks out as a lib/jobs queue: one ApiDelivery row per event and endpoint, claimed with a
// lease, tried on Svix's schedule over about 27 h (lib/rules/webhook-delivery.ts), then "failed".
// Every try is logged (ApiDeliveryAttempt) for the account's page. A receiver may get an event
// twice (a crash after its 2xx and before the row was marked): the webhook-id is the same, so it
// can drop the copy (docs/api-webhooks.md).

export const API_DELIVERY_RETRY: RetryPolicy = WEBHOOK_RETRY;

export type DeliveryRow = {
  id: string;
  attempts: number;
  traceparent: string | null;
  event: { id: string; payload: string };
  endpoint: {
    id: string;
    userId: string;
    url: string;
    mode: string;
    secret: string;
    enabled: boolean;
    failingSince: Date | null;
  };
};

/** What a try is called in the log and in lastError when there was no answer. */
export const failureOf = (r: SendResult): string =>
  r.failure ?? (r.status !== undefined ? `HTTP_${r.status}` : "NO_ANSWER");

const delivered = (r: SendResult) => r.status !== undefined && isDelivered(r.status);

type Tried = {
  delivery: Pick<DeliveryRow, "id" | "event" | "endpoint">;
  at: Date;
  result: SendResult;
};

/** Sends one delivery (no log written: see logTries). */
async function send(delivery: Tried["delivery"]): Promise<Tried> {
  const at = clock.now();
  const result = await sendEvent({
    url: delivery.endpoint.url,
    // A test endpoint in a deployment switched to live is held to the live rule.
    mode: env.upstreamEnvironment === "live" ? "live" : (delivery.endpoint.mode as WebhookMode),
    secret: delivery.endpoint.secret,
    eventId: delivery.event.id,
    payload: delivery.event.payload,
    timeoutMs: env.apiWebhooks.timeoutMs,
  });
  return { delivery, at, result };
}

/** The tries' log rows (one statement), their counts, and each endpoint's health once. */
async function logTries(tries: readonly Tried[], manual = false): Promise<void> {
  await db.apiDeliveryAttempt.createMany({
    data: tries.map(({ delivery, at, result }) => ({
      deliveryId: delivery.id,
      at,
      status: result.status ?? null,
      errorCode: result.failure ?? null,
      durationMs: result.durationMs,
      body: result.body,
      manual,
    })),
  });
  const byEndpoint = new Map<string, { endpoint: Tried["delivery"]["endpoint"]; ok: boolean }>();
  for (const { delivery, result } of tries) {
    metrics.apiWebhookDeliveries.inc({ outcome: delivered(result) ? "delivered" : "failed" });
    const seen = byEndpoint.get(delivery.endpoint.id);
    // One success among the claim's tries is enough: the endpoint answers.
    byEndpoint.set(delivery.endpoint.id, {
      endpoint: delivery.endpoint,
      ok: (seen?.ok ?? false) || delivered(result),
    });
  }
  for (const { endpoint, ok } of byEndpoint.values())
    await (ok ? noteEndpointSuccess(endpoint) : noteEndpointFailure(endpoint));
}

/** One try, logged ("Reenviar" uses it with manual = true). */
export async function tryDelivery(
  delivery: Tried["delivery"],
  manual = false,
): Promise<SendResult> {
  const tried = await send(delivery);
  await logTries([tried], manual);
  return tried.result;
}

const deliveredData = (result: SendResult, now: Date) => ({
  outcome: "delivered",
  deliveredAt: now,
  lastStatus: result.status,
  lastError: null,
});

/** After a failed try: the row keeps what the receiver said, and lib/jobs backs it off. */
async function failed(row: DeliveryRow, result: SendResult): Promise<never> {
  const failure = failureOf(result);
  await db.apiDelivery.updateMany({
    where: { id: row.id, outcome: null },
    data: { lastStatus: result.status ?? null, lastError: failure },
  });
  apiEventsLog.info(
    { delivery: row.id, endpoint: row.endpoint.id, attempt: row.attempts, failure },
    "webhook delivery failed",
  );
  // lib/jobs backs the row off on the schedule, or gives it up after the last try.
  throw new Error(failure);
}

/** What a try reads of a delivery (the queue's claim and "Reenviar" alike). */
export const DELIVERY_SELECT = {
  traceparent: true,
  event: { select: { id: true, payload: true } },
  endpoint: {
    select: {
      id: true,
      userId: true,
      url: true,
      mode: true,
      secret: true,
      enabled: true,
      failingSince: true,
    },
  },
} as const;

export function deliveryJob(name: string): Job<DeliveryRow> {
  // Results of this lane's group step (prepare) for the rows it hands on to run().
  const sent = new Map<string, SendResult>();
  return {
    name,
    table: db.apiDelivery,
    pending: { outcome: null },
    orderBy: { createdAt: "asc" },
    select: DELIVERY_SELECT,
    leaseMs: Math.max(60_000, env.apiWebhooks.timeoutMs * 6),
    retry: API_DELIVERY_RETRY,
    failedData: (error) => ({ outcome: "failed", lastError: error.slice(0, 200) }),
    // The claim's rows are sent at once and their tries logged in one statement; the delivered
    // ones are finished together (lib/jobs finishMany). A failed one goes on to run(), which
    // takes its result from here (it is never sent twice) and backs it off.
    prepare: async (rows) => {
      const done = new Map<string, Record<string, unknown>>();
      const live: DeliveryRow[] = [];
      // A switched-off endpoint gets nothing more; its pending deliveries end here.
      for (const row of rows)
        if (row.endpoint.enabled) live.push(row);
        else done.set(row.id, { outcome: "failed", lastError: "ENDPOINT_DISABLED" });
      const tries = await Promise.all(live.map(send));
      for (const t of tries) sent.set(t.delivery.id, t.result);
      await logTries(tries);
      const now = clock.now();
      for (const t of tries)
        if (delivered(t.result)) {
          done.set(t.delivery.id, deliveredData(t.result, now));
          sent.delete(t.delivery.id);
        }
      return done;
    },
    run: async (row) => {
      const cached = sent.get(row.id);
      sent.delete(row.id);
      if (!row.endpoint.enabled) return { outcome: "failed", lastError: "ENDPOINT_DISABLED" };
      const result = cached ?? (await tryDelivery(row));
      if (delivered(result)) return deliveredData(result, clock.now());
      return failed(row, result);
    },
    // One-statement claim; the relations are read back by the claim's token (lib/jobs/queue.ts).
    sql: { db, table: "ApiDelivery", orderBy: "createdAt" },
  };
}
