import { createHash } from "node:crypto";
import { z } from "zod";
import { assertNever } from "@/lib/rules/exhaustive";
import { wireDebtSchema } from "@/lib/upstream/schemas";

// Every event of the spec's Events table, plus a passthrough for types we do not know yet.
// Strict on what we act on (ids, status, amounts), lenient on the rest: a 400 makes the upstream
// retry three times and then give up, so rejecting an event over a field we never read would lose it.

const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const optionalDate = z.string().nullish();

const base = { transactionId: id, externalId: id };

// The debt of a `debts` event is the upstream's Debt (the same schema the lookup answer uses),
// stricter on the amount and type we act on.
export const webhookDebtSchema = wireDebtSchema.extend({
  amount: z.number().finite().nonnegative(),
  type: z.string().min(1),
});

const vehicle = z.looseObject({}).optional();

export const debtsEventSchema = z.looseObject({
  type: z.literal("debts"),
  ...base,
  vehicle,
  debts: z.array(webhookDebtSchema),
});
export const vehicleWithoutDebtsEventSchema = z.looseObject({
  type: z.literal("VehicleWithoutDebts"),
  ...base,
  vehicle,
});
export const vehicleNotFoundEventSchema = z.looseObject({
  type: z.literal("VehicleNotFound"),
  ...base,
});
export const searchErrorEventSchema = z.looseObject({
  type: z.literal("search-error-event"),
  ...base,
  status: z.string().optional(),
  error: z.array(z.looseObject({ errorCode: id, message: z.string().default("") })).default([]),
});
export const paymentStatusUpdateEventSchema = z.looseObject({
  type: z.literal("payment-status-update"),
  ...base,
  paymentId: id,
  status: z.string().min(1),
  amount: z.number().finite().nullish(),
  paidAt: optionalDate,
  liquidationStatus: z.string().nullish(),
});
/** Any other type: stored and acknowledged, never applied. */
export const unknownEventSchema = z.looseObject({
  type: z.string().min(1),
  transactionId: id.optional(),
  externalId: id.optional(),
});

const KNOWN = {
  debts: debtsEventSchema,
  VehicleWithoutDebts: vehicleWithoutDebtsEventSchema,
  VehicleNotFound: vehicleNotFoundEventSchema,
  "search-error-event": searchErrorEventSchema,
  "payment-status-update": paymentStatusUpdateEventSchema,
} as const;

export type KnownEventType = keyof typeof KNOWN;
export type DebtsEvent = z.infer<typeof debtsEventSchema>;
export type VehicleWithoutDebtsEvent = z.infer<typeof vehicleWithoutDebtsEventSchema>;
export type VehicleNotFoundEvent = z.infer<typeof vehicleNotFoundEventSchema>;
export type SearchErrorEvent = z.infer<typeof searchErrorEventSchema>;
export type PaymentStatusUpdateEvent = z.infer<typeof paymentStatusUpdateEventSchema>;
export type UnknownEvent = z.infer<typeof unknownEventSchema>;
/** One member per type in KNOWN: a type added there is a new member every switch must handle. */
export type WebhookEventBody = z.infer<(typeof KNOWN)[KnownEventType]>;

export type ParsedWebhook =
  { known: true; event: WebhookEventBody } | { known: false; event: UnknownEvent };

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(KNOWN, type);
}

export function parseWebhookBody(
  body: unknown,
): { ok: true; value: ParsedWebhook } | { ok: false; issues: string[] } {
  const head = unknownEventSchema.safeParse(body);
  if (!head.success) return { ok: false, issues: head.error.issues.map(describe) };
  if (!isKnownEventType(head.data.type))
    return { ok: true, value: { known: false, event: head.data } };
  const parsed = KNOWN[head.data.type].safeParse(body);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map(describe) };
  return { ok: true, value: { known: true, event: parsed.data as WebhookEventBody } };
}

const describe = (i: z.core.$ZodIssue) => `${i.path.join(".") || "body"}: ${i.message}`;

/**
 * type + transactionId/externalId + the status the event carries: a redelivery collides on the
 * unique index, while a real change (processing -> paid, paid -> settled) gets its own row.
 * Unknown types have no known status, so the whole body is part of their key. Every known type
 * has its own case (no default): a type added to KNOWN does not compile until it says which of
 * its fields tell a new status from a redelivery.
 */
export function dedupeKeyOf(parsed: ParsedWebhook, rawBody: string): string {
  const e = parsed.event;
  const head = `${e.type}|${e.transactionId ?? ""}|${e.externalId ?? ""}`;
  if (!parsed.known) return `${head}|${createHash("sha256").update(rawBody).digest("hex")}`;
  const known = parsed.event;
  switch (known.type) {
    case "payment-status-update":
      return `${head}|${known.paymentId}|${known.status}|${known.liquidationStatus ?? ""}`;
    case "search-error-event":
      return `${head}|${known.status ?? ""}|${known.error.map((x) => x.errorCode).join(",")}`;
    case "debts":
    case "VehicleWithoutDebts":
    case "VehicleNotFound":
      // A lookup's result: one per transaction, so the head alone tells a redelivery.
      return head;
    default:
      return assertNever(known, "webhook event type");
  }
}
