import * as z from "zod";
import { LINK_STAGES } from "@/lib/rules/link-filters";

// The API's answers, as zod schemas: the OpenAPI document's component schemas are these (through
// zod's JSON Schema output) and the tests check every answer against that document. Keys are
// English, as docs/glossary.md writes request keys; `uf`, `renavam` and `cpfCnpj` stay. Amounts are
// integer centavos; times ISO 8601 in UTC.

const isoTime = z.string().meta({ format: "date-time", example: "2026-11-29T12:00:00.000Z" });
const id = z.string().meta({ example: "cm3k1x0a20000qz8h3v7f2b1c" });

export const vehicleSchema = z
  .object({
    id,
    clientId: id,
    plate: z.string().meta({ example: "ABC1D23" }),
    uf: z.string().meta({ example: "SP" }),
    renavam: z.string().meta({ example: "12345678900" }),
  })
  .meta({ id: "Vehicle" });

export const clientSchema = z
  .object({
    id,
    name: z.string(),
    /** Masked, as on every workspace screen: the API never answers a whole CPF/CNPJ. */
    cpfCnpjMasked: z.string().meta({ example: "***.456.789-**" }),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vehicles: z.array(vehicleSchema),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Client" });

export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      data: z.array(item),
      /** Pass as `cursor` for the next page; null on the last one. */
      nextCursor: z.string().nullable(),
    })
    .meta({ id: name });

export const deletedSchema = z.object({ id, deleted: z.literal(true) }).meta({ id: "Deleted" });

export const batchProgressSchema = z
  .object({
    total: z.int(),
    done: z.int(),
    failed: z.int(),
    remaining: z.int(),
    etaSeconds: z.int().nullable(),
  })
  .meta({ id: "BatchProgress" });

export const batchSchema = z
  .object({ id, createdAt: isoTime, progress: batchProgressSchema })
  .meta({ id: "Batch" });

export const debtSchema = z
  .object({
    /** The upstream's debt id: what a link's `debtIds` names. */
    id: z.string().meta({ format: "uuid" }),
    type: z.string().meta({ example: "ticket" }),
    title: z.string(),
    amountCents: z.int(),
    dueDate: isoTime.nullable(),
    required: z.boolean(),
  })
  .meta({ id: "Debt" });

export const lookupSchema = z
  .object({
    /** A link is made from it and some of its debts (`lookupId`, `debtIds`). */
    id: z.string().meta({ format: "uuid" }),
    vehicleId: id,
    plate: z.string(),
    uf: z.string(),
    /** pending until the Detran answers (seconds to minutes; poll, or read the batch's way). */
    status: z.enum(["pending", "debts", "no_debts", "not_found", "error", "failed"]),
    errorCode: z.string().nullable(),
    debts: z.array(debtSchema),
    createdAt: isoTime,
    resolvedAt: isoTime.nullable(),
  })
  .meta({ id: "Lookup" });

export const batchItemSchema = z
  .object({
    id,
    clientId: id,
    vehicleId: id,
    plate: z.string(),
    uf: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    /** The lookup that answered: a link is made from it and some of its debts. */
    lookupId: z.string().nullable(),
    errorCode: z.string().nullable(),
    totalCents: z.int().nullable(),
    debts: z.array(debtSchema),
    finishedAt: isoTime.nullable(),
  })
  .meta({ id: "BatchItem" });

export const linkSchema = z
  .object({
    id,
    /** The payer's page: whoever holds it can see and pay these debts. */
    url: z.string().meta({ format: "uri" }),
    stage: z.enum(LINK_STAGES),
    clientId: z.string().nullable(),
    plate: z.string(),
    uf: z.string(),
    amountCents: z.int(),
    debtCount: z.int(),
    createdAt: isoTime,
    expiresAt: isoTime,
    payment: z
      .object({
        method: z.enum(["credit_card", "pix"]),
        status: z.string().meta({ example: "paid" }),
        liquidationStatus: z.string().nullable(),
        paidAt: isoTime.nullable(),
        debtsSettled: z.int(),
        debtsTotal: z.int(),
      })
      .nullable(),
  })
  .meta({ id: "Link" });

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: "VALIDATION_ERROR" }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
    retryAfterSeconds: z.int().optional(),
  })
  .meta({ id: "Error" });

export const linkSentSchema = z
  .object({
    /** False when this address already got this link (sent once per link and address). */
    queued: z.boolean(),
    /** The address, masked. */
    to: z.string(),
  })
  .meta({ id: "LinkSent" });

export const radarOnSchema = z
  .object({
    vehicles: z.int(),
    selectionPerMonth: z.int(),
    othersPerMonth: z.int(),
    totalPerMonth: z.int(),
    monthlyCap: z.int(),
    withinCap: z.boolean(),
    turnedOn: z.int(),
  })
  .meta({ id: "RadarOn" });

export const radarOffSchema = z.object({ turnedOff: z.int() }).meta({ id: "RadarOff" });

export const radarEventSchema = z
  .object({
    id,
    kind: z.enum([
      "appeared",
      "amountChanged",
      "disappeared",
      "discountEnds",
      "dueSoon",
      "stopped",
    ]),
    reason: z.string().nullable(),
    vehicleId: z.string().nullable(),
    clientId: z.string().nullable(),
    plate: z.string().nullable(),
    uf: z.string().nullable(),
    /** With `debtId`, what a link is made from ("appeared": a new debt). */
    lookupId: z.string().nullable(),
    debtId: z.string().nullable(),
    debtType: z.string().nullable(),
    title: z.string().nullable(),
    amountCents: z.int().nullable(),
    previousAmountCents: z.int().nullable(),
    dueDate: isoTime.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: "RadarEvent" });

// The webhooks out's bodies (lib/rules/api-events.ts builds them; docs/api-webhooks.md), for the
// document's `webhooks` section and the events list. tests/unit/api/event-schemas.test.ts parses
// each builder's output with these, so the two cannot drift apart.

const linkRef = z.object({
  id,
  clientId: z.string().nullable(),
  plate: z.string(),
  uf: z.string(),
  amountCents: z.int(),
  expiresAt: isoTime.nullable(),
});
const paymentRef = z.object({
  ref: z.string().nullable(),
  method: z.string().meta({ example: "pix" }),
  status: z.string().meta({ example: "paid" }),
  liquidationStatus: z.string().nullable(),
  amountCents: z.int().nullable(),
  paidAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
  /** Order two events about one payment by this. */
  updatedAt: isoTime.nullable(),
});
const eventOf = <T extends string, D extends z.ZodType>(type: T, data: D, name: string) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data }).meta({ id: name });

export const linkPaidEventSchema = eventOf(
  "link.paid",
  z.object({ occurredAt: isoTime, link: linkRef, payment: paymentRef }),
  "LinkPaidEvent",
);
export const linkSettledEventSchema = eventOf(
  "link.settled",
  z.object({ occurredAt: isoTime, link: linkRef, payment: paymentRef }),
  "LinkSettledEvent",
);
export const linkExpiredEventSchema = eventOf(
  "link.expired",
  z.object({ occurredAt: isoTime, link: linkRef }),
  "LinkExpiredEvent",
);
export const batchFinishedEventSchema = eventOf(
  "batch.finished",
  z.object({
    occurredAt: isoTime,
    batch: z.object({
      id,
      items: z.int(),
      done: z.int(),
      failed: z.int(),
      createdAt: isoTime.nullable(),
      finishedAt: isoTime,
    }),
  }),
  "BatchFinishedEvent",
);
export const radarDebtFoundEventSchema = eventOf(
  "radar.debt_found",
  z.object({
    occurredAt: isoTime,
    id,
    watchId: id,
    vehicle: z.object({
      id: z.string().nullable(),
      clientId: z.string().nullable(),
      plate: z.string().nullable(),
      uf: z.string().nullable(),
    }),
    lookupId: z.string().nullable(),
    debt: z.object({
      id: z.string().nullable(),
      type: z.string().nullable(),
      title: z.string().nullable(),
      amountCents: z.int().nullable(),
      dueDate: isoTime.nullable(),
      expirationDate: isoTime.nullable(),
    }),
  }),
  "RadarDebtFoundEvent",
);

/** Each event type's body schema (the document's webhooks and the events list). */
export const EVENT_SCHEMAS = {
  "link.paid": linkPaidEventSchema,
  "link.settled": linkSettledEventSchema,
  "link.expired": linkExpiredEventSchema,
  "batch.finished": batchFinishedEventSchema,
  "radar.debt_found": radarDebtFoundEventSchema,
} as const;

export const apiEventSchema = z
  .object({
    /** evt_…: also the `webhook-id` header of its deliveries. */
    id: z.string().meta({ example: "evt_3q2x7YzAbCdEfGhIjKlMnO" }),
    type: z.enum([
      "link.paid",
      "link.settled",
      "link.expired",
      "batch.finished",
      "radar.debt_found",
    ]),
    timestamp: isoTime,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Event" });
