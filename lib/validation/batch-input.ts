// A new batch lookup: every vehicle of the account, those of chosen clients, or chosen vehicles.
// Ids are the workspace's cuids; the server scopes them to the signed-in account (another
// account's id simply matches nothing).
import * as z from "zod/mini";

const ids = z
  .array(z.string().check(z.minLength(1), z.maxLength(64)))
  .check(
    z.minLength(1, "Escolha pelo menos um item."),
    z.maxLength(5_000, "Seleção grande demais."),
  );

/** Every vehicle of the account, those of chosen clients, or chosen vehicles (a batch, Radar). */
export const vehicleSelectionSchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("all") }),
  z.object({ scope: z.literal("clients"), clientIds: ids }),
  z.object({ scope: z.literal("vehicles"), vehicleIds: ids }),
]);

export const batchInputSchema = vehicleSelectionSchema;

export type BatchInputValues = z.input<typeof batchInputSchema>;
export type BatchInput = z.output<typeof batchInputSchema>;
