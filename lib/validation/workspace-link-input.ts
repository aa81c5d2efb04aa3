// The workspace's link inputs: a link made from one of the account's lookups for one of its
// clients, and the filters of the links list (?client=&status=&paidToday=1).

import * as z from "zod/mini";
import { LINK_STAGES } from "@/lib/rules/link-filters";
import { debtSelectionInputSchema } from "./debt-selection-input";

export const WORKSPACE_LINK_MESSAGES = {
  clientId: "Cliente inválido. Escolha o cliente de novo.",
  status: "Situação inválida. Use aberto, pago, baixado ou expirado.",
};

// Our ids are cuids; anything else is refused before it reaches the database.
const rowId = (error: string) =>
  z.string({ error }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error }));

export const workspaceLinkInputSchema = z.extend(debtSelectionInputSchema, {
  /** Optional: the client of the looked-up vehicle is used when absent. */
  clientId: z.optional(rowId(WORKSPACE_LINK_MESSAGES.clientId)),
});

export const workspaceLinkFilterSchema = z.object({
  client: z.optional(rowId(WORKSPACE_LINK_MESSAGES.clientId)),
  status: z.optional(z.enum(LINK_STAGES, { error: WORKSPACE_LINK_MESSAGES.status })),
  paidToday: z.optional(
    z.pipe(
      z.enum(["1", "true", "0", "false"]),
      z.transform((v: "1" | "true" | "0" | "false") => v === "1" || v === "true"),
    ),
  ),
});

export type WorkspaceLinkInputValues = z.input<typeof workspaceLinkInputSchema>;
export type WorkspaceLinkInput = z.output<typeof workspaceLinkInputSchema>;
export type WorkspaceLinkFilter = z.output<typeof workspaceLinkFilterSchema>;
