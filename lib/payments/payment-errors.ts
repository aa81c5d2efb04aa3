import { AppError } from "@/lib/errors/app-error";
import type { UpstreamError } from "@/lib/upstream/errors";

// Upstream's payment refusals (422 with a machine-readable rule in shape B's details, when it
// sends one) in words a payer understands. Anything else keeps the generic UpstreamError message.

const BY_RULE: Record<string, { code: string; httpStatus: number; message: string }> = {
  paymentInProgress: {
    code: "PAYMENT_IN_PROGRESS",
    httpStatus: 409,
    message: "Já existe um pagamento em andamento para este link. Aguarde a confirmação ou o PIX expirar.",
  },
  alreadyPaid: { code: "CHECKOUT_ALREADY_PAID", httpStatus: 409, message: "Estes débitos já foram pagos." },
  checkoutExpired: { code: "CHECKOUT_EXPIRED", httpStatus: 410, message: "Este link de pagamento expirou. Faça uma nova consulta para gerar outro." },
  invalidToken: { code: "CARD_TOKEN_INVALID", httpStatus: 422, message: "Os dados do cartão expiraram. Preencha o cartão de novo." },
  tokenAlreadyUsed: { code: "CARD_TOKEN_INVALID", httpStatus: 422, message: "Os dados do cartão expiraram. Preencha o cartão de novo." },
  tokenExpired: { code: "CARD_TOKEN_INVALID", httpStatus: 422, message: "Os dados do cartão expiraram. Preencha o cartão de novo." },
  alternativePaid: {
    code: "DEBT_ALREADY_PAID",
    httpStatus: 409,
    message: "Este link não pode mais ser pago: outra forma de pagar um destes débitos (cota única ou parcelas) já foi paga.",
  },
  alternativeInProgress: {
    code: "DEBT_IN_PAYMENT",
    httpStatus: 409,
    message: "Este link não pode ser pago agora: outra forma de pagar um destes débitos (cota única ou parcelas) está em pagamento.",
  },
  installments: { code: "INSTALLMENTS_INVALID", httpStatus: 422, message: "Este número de parcelas não está disponível para este valor." },
};

export function paymentRefusal(error: UpstreamError): Error {
  const details = error.details as { rule?: unknown } | undefined;
  const rule = typeof details?.rule === "string" ? BY_RULE[details.rule] : undefined;
  return rule ? new AppError(rule) : error;
}
