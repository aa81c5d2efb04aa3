import { AppError, type AppErrorInit } from "@/lib/errors/app-error";
import type { UpstreamError } from "@/lib/upstream/errors";

// Upstream's payment refusals (422 with a machine-readable rule in shape B's details, when it
// sends one) in words a payer understands. Anything else keeps the generic UpstreamError message.

// Codes: CHECKOUT_* and PAYMENT_IN_PROGRESS are about this checkout itself (paid, expired, an
// earlier attempt of it still open); DEBT_* about a debt held by another payment.
const BY_RULE: Record<string, AppErrorInit> = {
  paymentInProgress: { code: "PAYMENT_IN_PROGRESS" },
  alreadyPaid: { code: "CHECKOUT_ALREADY_PAID", message: "Estes débitos já foram pagos." },
  checkoutExpired: { code: "CHECKOUT_EXPIRED" },
  invalidToken: { code: "CARD_TOKEN_INVALID" },
  tokenAlreadyUsed: { code: "CARD_TOKEN_INVALID" },
  tokenExpired: { code: "CARD_TOKEN_INVALID" },
  alternativePaid: {
    code: "DEBT_ALREADY_PAID",
    message:
      "Este link não pode mais ser pago: outra forma de pagar um destes débitos (cota única ou parcelas) já foi paga.",
  },
  alternativeInProgress: {
    code: "DEBT_IN_PAYMENT",
    message:
      "Este link não pode ser pago agora: outra forma de pagar um destes débitos (cota única ou parcelas) está em pagamento.",
  },
  installments: { code: "INSTALLMENTS_INVALID" },
};

export function paymentRefusal(error: UpstreamError): Error {
  const details = error.details as { rule?: unknown } | undefined;
  const rule = typeof details?.rule === "string" ? BY_RULE[details.rule] : undefined;
  return rule ? new AppError(rule) : error;
}
