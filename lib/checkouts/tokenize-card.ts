import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { parseOrThrow } from "@/lib/http/validation";
import { consume } from "@/lib/rate-limit/limits";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { cardTokenInputSchema } from "@/lib/validation/card-input";
import { rememberCardToken } from "./card-tokens";
import { assertOpen, findCheckoutByToken } from "./find-checkout";

export type CardTokenView = { cardToken: string; brand: string; lastFourDigits: string };

/**
 * The only place a card number and CVV exist on our side: parsed from this request, sent to
 * upstream, dropped. They are never logged (no body logging; redaction as a second line), never
 * stored, never returned. Limits: per client IP, and per checkout (card testing on one link).
 */
export async function tokenizeCard(
  checkoutToken: string,
  body: unknown,
  ip: string,
): Promise<CardTokenView> {
  const checkout = await findCheckoutByToken(checkoutToken);
  await assertOpen(checkout);
  // The card alone: the number of installments is the payment's (`installments`), not read here.
  const card = parseOrThrow(cardTokenInputSchema(), {
    ...(typeof body === "object" && body !== null ? body : {}),
  });
  await consume("cardTokenIp", ip);
  await consume("cardTokenCheckout", checkout.id);
  const token = await upstream
    .tokenizeCard({
      cardNumber: card.number,
      cardholderName: card.name,
      expirationDate: card.expiry,
      cvv: card.cvv,
    })
    .catch((error: unknown) => {
      // Upstream refusing the card data itself (brand, expiry...) is about the card, not the service.
      if (
        isUpstreamError(error) &&
        (error.code === "UPSTREAM_INVALID_REQUEST" || error.code === "UPSTREAM_UNPROCESSABLE")
      ) {
        throw new AppError({ code: "CARD_REFUSED" });
      }
      throw error;
    });
  await rememberCardToken(token.token, {
    brand: token.brand,
    lastFour: token.lastFourDigits,
    checkoutId: checkout.id,
    expiresAt: token.expiresAt,
  });
  return { cardToken: token.token, brand: token.brand, lastFourDigits: token.lastFourDigits };
}
