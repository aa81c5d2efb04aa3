import "server-only";
import { dedupeKeyOf, parseWebhookBody } from "./schemas";
import { insertWebhookEvent, StoreUnavailableError } from "./event-store";
import { webhookLog } from "./logger";
import { sealField } from "@/lib/privacy";
import { currentTraceparent } from "@/lib/tracing/trace";

// Validate, then store the raw event under its dedupe key. Applying it is dispatch.ts's job,
// after the acknowledgment: the row is the durable inbox, so a crash between the two loses nothing.

export type IngestResult =
  | { kind: "stored"; id: string; type: string }
  | { kind: "duplicate"; type: string }
  | { kind: "invalid"; issues: string[] }
  | { kind: "unavailable" };

export const MAX_BODY_CHARS = 1_000_000;

export async function ingestWebhook(rawBody: string): Promise<IngestResult> {
  if (rawBody.length > MAX_BODY_CHARS) return invalid(["body: too large"], rawBody);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return invalid(["body: not JSON"], rawBody);
  }
  const parsed = parseWebhookBody(json);
  if (!parsed.ok) return invalid(parsed.issues, rawBody);

  const { event } = parsed.value;
  // PostgreSQL refuses a NUL in text: an event whose stored columns carry one is malformed on both
  // providers (400), not a database outage (503) that the upstream would retry for ever.
  const withNul = Object.entries({
    type: event.type,
    transactionId: event.transactionId,
    externalId: event.externalId,
  })
    .filter(([, value]) => typeof value === "string" && value.includes("\u0000"))
    .map(([field]) => `${field}: NUL character`);
  if (withNul.length > 0) return invalid(withNul, rawBody);
  try {
    const result = await insertWebhookEvent({
      dedupeKey: dedupeKeyOf(parsed.value, rawBody),
      type: event.type,
      transactionId: event.transactionId ?? null,
      externalId: event.externalId ?? null,
      // Sealed before the first write: the event carries the owner's document (vehicle.document).
      payload: sealField(rawBody),
      traceparent: currentTraceparent(),
    });
    return result.stored
      ? { kind: "stored", id: result.id, type: event.type }
      : { kind: "duplicate", type: event.type };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    webhookLog.error({ err: error, type: event.type }, "webhook not stored: database unavailable");
    return { kind: "unavailable" };
  }
}

function invalid(issues: string[], rawBody: string): IngestResult {
  // The body may carry personal data (CPF in vehicle.document): log a prefix only.
  webhookLog.warn({ issues, bodyPrefix: rawBody.slice(0, 200) }, "malformed webhook rejected");
  return { kind: "invalid", issues };
}
