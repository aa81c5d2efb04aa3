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
  r.errorCode ?? (r.status !== undefined ? `HTTP_${r.status}` : "NO_ANSWER");

/** One try, logged; resolves with its result (the caller decides what it means for the row). */
export async function tryDelivery(
  delivery: Pick<DeliveryRow, "id" | "event" | "endpoint">,
  manual = false,
): Promise<SendResult> {
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
  await db.apiDeliveryAttempt.create({
    data: {
      deliveryId: delivery.id,
      at,
      status: result.status ?? null,
      errorCode: result.errorCode ?? null,
      durationMs: result.durationMs,
      body: result.body,
      manual,
    },
  });
  const delivered = result.status !== undefined && isDelivered(result.status);
  metrics.apiWebhookDeliveries.inc({ outcome: delivered ? "delivered" : "failed" });
  if (delivered) await noteEndpointSuccess(delivery.endpoint);
  else await noteEndpointFailure(delivery.endpoint);
  return result;
}

async function deliver(row: DeliveryRow): Promise<Record<string, unknown>> {
  // A switched-off endpoint gets nothing more; its pending deliveries end here.
  if (!row.endpoint.enabled) return { outcome: "failed", lastError: "ENDPOINT_DISABLED" };
  const result = await tryDelivery(row);
  if (result.status !== undefined && isDelivered(result.status))
    return {
      outcome: "delivered",
      deliveredAt: clock.now(),
      lastStatus: result.status,
      lastError: null,
    };
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

export function deliveryJob(name: string): Job<DeliveryRow> {
  return {
    name,
    table: db.apiDelivery,
    pending: { outcome: null },
    orderBy: { createdAt: "asc" },
    select: {
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
    },
    leaseMs: Math.max(60_000, env.apiWebhooks.timeoutMs * 6),
    retry: API_DELIVERY_RETRY,
    failedData: (error) => ({ outcome: "failed", lastError: error.slice(0, 200) }),
    run: deliver,
    // One-statement claim; the relations are read back by the claim's token (lib/jobs/queue.ts).
    sql: { db, table: "ApiDelivery", orderBy: "createdAt" },
  };
}
