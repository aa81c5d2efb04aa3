import { AppError, type AppErrorInit } from "@/lib/errors/app-error";
import { isUpstreamError } from "@/lib/upstream/errors";

// Upstream's refusals to CREATE a checkout that are about the debts' state (shape B details.rule)
// in words; e.g. "Gerar novo link" for debts someone paid meanwhile. Anything else passes through.
// No checkout exists yet, so these are debt refusals: the same codes as our own "never pay a debt
// twice" check (lib/checkouts/debt-holds.ts), DEBT_ALREADY_PAID and DEBT_IN_PAYMENT, with upstream's detail.

const BY_RULE: Record<string, AppErrorInit> = {
  alreadyPaid: { code: "DEBT_ALREADY_PAID" },
  paymentInProgress: { code: "DEBT_IN_PAYMENT" },
  // A distinct alternative (cota única vs parcelas) paid or being charged elsewhere, perhaps by
  // another partner: our own check (lib/checkouts/debt-holds.ts) cannot see those.
  alternativePaid: {
    code: "DEBT_ALREADY_PAID",
    message:
      "Um destes débitos não pode mais ser pago: outra forma de pagar o mesmo débito (cota única ou parcelas) já foi paga. Faça uma nova consulta.",
  },
  alternativeInProgress: {
    code: "DEBT_IN_PAYMENT",
    message:
      "Um destes débitos não pode ser pago agora: outra forma de pagar o mesmo débito (cota única ou parcelas) está em pagamento.",
  },
};

/** Upstream's 422 to a new checkout, as our refusal when it names a rule we know. */
export function upstreamCheckoutRefusal(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const details = error.details as { rule?: unknown } | undefined;
  const rule = typeof details?.rule === "string" ? BY_RULE[details.rule] : undefined;
  return rule ? new AppError(rule) : error;
}
