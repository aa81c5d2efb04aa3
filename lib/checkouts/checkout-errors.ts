import { AppError } from "@/lib/errors/app-error";
import { isUpstreamError } from "@/lib/upstream/errors";

// Upstream's checkout refusals that are about the debts' state (shape B details.rule) in words;
// e.g. "Gerar novo link" for debts someone paid meanwhile. Anything else passes through.

const BY_RULE: Record<string, { code: string; httpStatus: number; message: string }> = {
  alreadyPaid: {
    code: "DEBTS_ALREADY_PAID",
    httpStatus: 409,
    message: "Um ou mais destes débitos já foram pagos. Faça uma nova consulta para ver o que ainda está em aberto.",
  },
  paymentInProgress: {
    code: "DEBTS_PAYMENT_IN_PROGRESS",
    httpStatus: 409,
    message: "Um destes débitos tem um pagamento em andamento. Aguarde a confirmação antes de gerar outro pagamento.",
  },
  // A distinct alternative (cota única vs parcelas) paid or being charged elsewhere, perhaps by
  // another partner: our own check (lib/checkouts/claims.ts) cannot see those.
  alternativePaid: {
    code: "DEBT_ALREADY_PAID",
    httpStatus: 409,
    message: "Um destes débitos não pode mais ser pago: outra forma de pagar o mesmo débito (cota única ou parcelas) já foi paga. Faça uma nova consulta.",
  },
  alternativeInProgress: {
    code: "DEBT_IN_PAYMENT",
    httpStatus: 409,
    message: "Um destes débitos não pode ser pago agora: outra forma de pagar o mesmo débito (cota única ou parcelas) está em pagamento.",
  },
};

export function checkoutRefusal(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const details = error.details as { rule?: unknown } | undefined;
  const rule = typeof details?.rule === "string" ? BY_RULE[details.rule] : undefined;
  return rule ? new AppError(rule) : error;
}
