import "server-only";
import { currentTraceparent, noteOnSpan } from "@/lib/tracing/trace";
import { recallCardToken, type CardTokenEntry } from "@/lib/checkouts/card-tokens";
import {
  assertOpen,
  findCheckoutByToken,
  markCheckoutExpired,
} from "@/lib/checkouts/find-checkout";
import { db } from "@/lib/db/client";
import { checkoutRefusal, refusalError, withVehicleLock } from "@/lib/checkouts/debt-holds";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { parseOrThrow } from "@/lib/http/validation";
import { moduleLogger } from "@/lib/log/logger";
import { consume, refund } from "@/lib/rate-limit/limits";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { newPublicToken } from "@/lib/security/public-token";
import { PAYMENT_MESSAGES, paymentInputSchema } from "@/lib/validation/payment-input";
import { paymentRefusal } from "./payment-errors";
import { loadPaymentView, type PaymentView } from "./payment-view";
import { recordAnswer } from "./record-answer";
import { recoverPixCode } from "./recover-pix";
import { clock } from "@/lib/clock";

const log = moduleLogger("payments");

type Payment = { id: string; checkoutId: string };

async function sameAttempt(
  existing: Payment,
  checkoutId: string,
): Promise<{ view: PaymentView; created: false }> {
  if (existing.checkoutId !== checkoutId) {
    throw new AppError({ code: "ATTEMPT_CONFLICT" });
  }
  return { view: (await loadPaymentView(existing.id))!, created: false };
}

const unansweredAttempt = () =>
  new AppError({
    code: "PAYMENT_IN_PROGRESS",
    message:
      "Já existe um pagamento em andamento para este link, aguardando a resposta da operadora. Acompanhe-o: se ela não o confirmar, ele é encerrado sem cobrança e você poderá pagar de novo.",
  });

/** What we keep of a payment call whose outcome we did not learn: evidence for a later conclusion. */
export async function recordUnknownOutcome(paymentRowId: string, error: unknown): Promise<void> {
  const callError = isUpstreamError(error)
    ? `${error.code}${error.httpStatus ? ` HTTP ${error.httpStatus}` : ""}`
    : "erro de rede";
  await db.payment.update({ where: { id: paymentRowId }, data: { callError } });
  log.warn(
    { paymentRowId, error: isUpstreamError(error) ? error.toLog() : String(error) },
    "payment outcome unknown: pending",
  );
}

/**
 * A card token pays only the checkout it was made for: otherwise a token made on another checkout
 * would dodge that checkout's card-attempt limit. One we never issued (or expired) is refused too.
 */
async function cardFor(cardToken: string, checkoutId: string): Promise<CardTokenEntry> {
  const card = await recallCardToken(cardToken);
  if (!card) {
    throw new AppError({ code: "CARD_TOKEN_INVALID" });
  }
  if (card.checkoutId !== checkoutId) {
    log.warn({ checkoutId }, "card token made for another checkout refused");
    throw new AppError({ code: "CARD_TOKEN_MISMATCH" });
  }
  return card;
}

/**
 * Pays a checkout. The browser's attemptId is our externalId: the Payment row is inserted under it
 * (unique) BEFORE the upstream call, so a double submit, a retry or 20 concurrent copies of the
 * same request find that row (or lose the insert race on the unique constraint) and get the same
 * payment back: one upstream call, never two charges. Upstream gets the same externalId on its
 * own retry too.
 */
export async function createPayment(
  checkoutToken: string,
  body: unknown,
  ip: string,
): Promise<{ view: PaymentView; created: boolean }> {
  const input = parseOrThrow(paymentInputSchema, {
    ...(typeof body === "object" && body !== null ? body : {}),
    checkoutToken,
  });
  if (!input.attemptId) {
    throw new AppError({
      code: "VALIDATION_ERROR",
      message: PAYMENT_MESSAGES.attemptId,
      fields: { attemptId: PAYMENT_MESSAGES.attemptId },
    });
  }
  const attemptId = input.attemptId;
  const checkout = await findCheckoutByToken(checkoutToken);
  const existing = await db.payment.findUnique({ where: { externalId: attemptId } });
  if (existing) return sameAttempt(existing, checkout.id);
  await assertOpen(checkout);
  await consume("payment", ip);

  const card =
    input.method === "credit_card" ? await cardFor(input.cardToken, checkout.id) : undefined;
  let row: Payment;
  try {
    // Check and hold in one step under the vehicle's lock: the new row (status pending) is itself
    // the hold other checkouts see, so two tabs paying conflicting checkouts of one vehicle at the
    // same moment cannot both get past the check and reach upstream.
    row = await withVehicleLock(checkout.plate, async (tx) => {
      const refusal = await checkoutRefusal(checkout, tx);
      if (refusal) throw refusalError(refusal);
      // An earlier attempt of this checkout we never heard back about may still charge: one
      // attempt at a time until it ends (answered, or concluded not created past the grace).
      // (The same attempt sent twice is not "another": its insert below loses on the unique key.)
      const unanswered = {
        checkoutId: checkout.id,
        status: "pending",
        externalId: { not: attemptId },
        checkout: { expiresAt: { gt: clock.now() } },
      };
      if (await tx.payment.findFirst({ where: unanswered, select: { id: true } })) {
        throw unansweredAttempt();
      }
      return tx.payment.create({
        data: {
          externalId: attemptId,
          publicRef: newPublicToken(),
          checkoutId: checkout.id,
          method: input.method,
          installments: input.method === "credit_card" ? input.installments : null,
          cardBrand: card?.brand ?? null,
          cardLastFour: card?.lastFour ?? null,
          traceparent: currentTraceparent(),
        },
      });
    });
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === "DEBT_ALREADY_PAID" ||
        error.code === "DEBT_IN_PAYMENT" ||
        error.code === "PAYMENT_IN_PROGRESS")
    ) {
      await refund("payment", ip);
      log.info(
        { checkoutId: checkout.id, code: error.code },
        "payment refused: a debt is paid or in payment elsewhere",
      );
      throw error;
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      await refund("payment", ip);
      const winner = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
      return sameAttempt(winner, checkout.id);
    }
    throw error;
  }

  noteOnSpan({ "payment.id": row.id });
  try {
    const answer = await upstream.createPayment({
      checkoutId: checkout.upstreamCheckoutId,
      method: input.method,
      ...(input.method === "credit_card"
        ? { cardToken: input.cardToken, installments: input.installments }
        : {}),
      externalId: attemptId,
    });
    await recordAnswer(row.id, answer, input.method === "pix" && input.emailPix === true);
    // A PIX answered without its code is never left waiting with nothing to pay.
    if (input.method === "pix") await recoverPixCode(row.id);
    log.info({ paymentRowId: row.id, method: input.method, kind: answer.kind }, "payment sent");
  } catch (error) {
    if (isUpstreamError(error) && error.isDefiniteRefusal) {
      // Upstream refused before charging anything: no payment exists, so none is kept. The
      // browser stays on the pay page with the message and makes a new attempt.
      await db.payment.delete({ where: { id: row.id } }).catch(() => undefined);
      const refusal = paymentRefusal(error);
      if (refusal instanceof AppError && refusal.code === "CHECKOUT_EXPIRED")
        await markCheckoutExpired(checkout.id);
      throw refusal;
    }
    // Unknown outcome (network, 5xx): it may have been charged. Stays pending; the status calls
    // ask by externalId, and past the grace an attempt the upstream does not know is concluded not
    // created (docs/payment-states.md).
    await recordUnknownOutcome(row.id, error);
  }
  return { view: (await loadPaymentView(row.id))!, created: true };
}
