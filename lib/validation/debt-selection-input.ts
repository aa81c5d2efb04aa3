// The debts chosen on a lookup. The rules (dependsOn, distinct) are re-checked on the server
// with validateSelection against the stored lookup; this schema only checks the shape.

import * as z from "zod/mini";

export const DEBT_SELECTION_MESSAGES = {
  lookupId: "Consulta inválida. Faça a consulta de novo.",
  debtIdsRequired: "Selecione pelo menos um débito.",
  debtId: "Débito inválido. Atualize a página e escolha de novo.",
  duplicate: "Há débitos repetidos na seleção.",
};

export const debtSelectionInputSchema = z.object({
  // Our own id (crypto.randomUUID), so the strict RFC 9562 check applies.
  lookupId: z.uuid({ error: DEBT_SELECTION_MESSAGES.lookupId }),
  debtIds: z
    // Debt ids are upstream's: any 8-4-4-4-12 hex UUID, whatever its version bits.
    .array(z.guid({ error: DEBT_SELECTION_MESSAGES.debtId }), {
      error: DEBT_SELECTION_MESSAGES.debtIdsRequired,
    })
    .check(
      z.minLength(1, { error: DEBT_SELECTION_MESSAGES.debtIdsRequired }),
      z.refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: DEBT_SELECTION_MESSAGES.duplicate,
      }),
    ),
});

export type DebtSelectionInputValues = z.input<typeof debtSelectionInputSchema>;
export type DebtSelectionInput = z.output<typeof debtSelectionInputSchema>;
