// POST /uvvi/v1/installments – the valid installment options with interest for an amount.
import type { Context } from "hono";
import { z } from "zod";
import { fieldError, parseBody } from "./http";
import { installmentOptions } from "./interest";
import { toCents, toReais } from "./money";

/** Upper bound keeps every cents computation far inside exact double arithmetic. */
export const MAX_AMOUNT_REAIS = 10_000_000;

const InstallmentsBody = z.object({
  amount: z.number().positive("must be greater than zero").max(MAX_AMOUNT_REAIS),
  // Spec rule 5: an unsupported method is a 400.
  paymentMethod: z.literal("credit_card", { error: "only credit_card is supported" }),
});

export async function installmentsRoute(c: Context) {
  const parsed = await parseBody(c, InstallmentsBody);
  if (!parsed.ok) return parsed.response;
  const amountCents = toCents(parsed.data.amount);
  if (amountCents === null) {
    return fieldError(c, "amount", "precision", "amount must have at most two decimal places");
  }
  // Below 5.00 no option can meet rule 2 (each installment >= 5.00): the list is empty (decision).
  return c.json({
    success: true,
    amount: parsed.data.amount,
    installments: installmentOptions(amountCents).map((o) => ({
      number: o.number,
      installmentAmount: toReais(o.installmentCents),
      totalAmount: toReais(o.totalCents),
      interestRate: o.interestRate,
      interestAmount: toReais(o.interestCents),
    })),
  });
}
