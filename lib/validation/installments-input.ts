// The installment simulation for an amount in integer cents (the page sends the selection's total).

import * as z from "zod/mini";

export const INSTALLMENTS_MESSAGES = {
  amount: "Valor inválido para simular o parcelamento.",
};

/** R$ 10 million: far above any vehicle's debts, far below inexact float territory. */
export const MAX_SIMULATION_CENTS = 1_000_000_000;

export const installmentsInputSchema = z.object({
  amountCents: z
    .number({ error: INSTALLMENTS_MESSAGES.amount })
    .check(
      z.int({ error: INSTALLMENTS_MESSAGES.amount }),
      z.positive({ error: INSTALLMENTS_MESSAGES.amount }),
      z.lte(MAX_SIMULATION_CENTS, { error: INSTALLMENTS_MESSAGES.amount }),
    ),
});

export type InstallmentsInput = z.output<typeof installmentsInputSchema>;
