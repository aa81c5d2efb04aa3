// Turning Radar on or off for the despachante's vehicles: every vehicle, those of chosen clients, or
// chosen vehicles; a recurrence; the account's monthly cap. Ids are the workspace's cuids; the
// server refuses an id that is not the account's with the same answer as a missing one.
import * as z from "zod/mini";
import { vehicleSelectionSchema } from "./batch-input";

export const radarSelectionSchema = vehicleSelectionSchema;

export const radarRecurrenceSchema = z.enum(["weekly", "daily"], {
  error: "Escolha semanal ou diária.",
});

/** POST /api/workspace/radar: preview (nothing written) or confirm (turns the watches on). */
export const radarOnInputSchema = z.object({
  selection: radarSelectionSchema,
  recurrence: radarRecurrenceSchema,
  confirm: z.optional(z.boolean()),
});

/** POST /api/workspace/radar/off: stops the chosen watches. */
export const radarOffInputSchema = z.object({ selection: radarSelectionSchema });

export const MAX_MONTHLY_CAP = 10_000_000;

export const radarCapInputSchema = z.object({
  monthlyCap: z
    .number()
    .check(
      z.int("Use um número inteiro."),
      z.minimum(0, "O limite não pode ser negativo."),
      z.maximum(MAX_MONTHLY_CAP, "Limite grande demais."),
    ),
});

export const RADAR_EVENT_KINDS = [
  "appeared",
  "amountChanged",
  "disappeared",
  "discountEnds",
  "dueSoon",
  "stopped",
] as const;

/** GET /api/workspace/radar: filters, and the last visit the page was drawn against. */
export const radarFilterSchema = z.object({
  client: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  kind: z.optional(z.enum(RADAR_EVENT_KINDS)),
  since: z.optional(z.iso.datetime()),
});

export type RadarSelection = z.output<typeof radarSelectionSchema>;
export type RadarOnInput = z.output<typeof radarOnInputSchema>;
export type RadarOnValues = z.input<typeof radarOnInputSchema>;
export type RadarFilter = z.output<typeof radarFilterSchema>;
