// The API's list queries: an opaque cursor and a page size, plus each list's own filters.
import * as z from "zod/mini";
import { API_EVENT_TYPES } from "@/lib/rules/api-events";
import { LINK_STAGES } from "@/lib/rules/link-filters";

const limit = z.optional(
  z.pipe(
    z.string().check(z.regex(/^\d{1,3}$/, "limit must be a whole number from 1 to 100")),
    z.pipe(z.transform(Number), z.number().check(z.minimum(1), z.maximum(100))),
  ),
);
const cursor = z.optional(z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/)));
const rowId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "not an id"));

export const pageQuerySchema = z.object({ limit, cursor });
export const linkQuerySchema = z.object({
  limit,
  cursor,
  clientId: z.optional(rowId),
  stage: z.optional(z.enum(LINK_STAGES)),
});

export type PageQuery = z.output<typeof pageQuerySchema>;
export type LinkQuery = z.output<typeof linkQuerySchema>;

/** A lookup of one of the account's vehicles, now. */
export const apiLookupInputSchema = z.object({ vehicleId: rowId });

export const eventQuerySchema = z.object({
  limit,
  cursor,
  type: z.optional(z.enum(API_EVENT_TYPES)),
});
export type EventQuery = z.output<typeof eventQuerySchema>;
