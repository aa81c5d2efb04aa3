// POST /uvvi/v1/card-token – exchanges card data for a single-use token (card data is neither
// stored nor logged; only brand, last four digits and the test scenario are kept).
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { z } from "zod";
import type { SandboxContext } from "../context";
import { errorB } from "../http/errors";
import {
  cvvValidFor,
  detectBrand,
  isExpired,
  lengthValidFor,
  luhnValid,
  parseExpiry,
} from "./card-checks";
import { scenarioForCard } from "./cards-catalog";
import { apiKeyOf, fieldError, parseBody } from "./http";
import { fromNow } from "./timings";
import type { TokenRecord } from "./types";

const CardTokenBody = z.object({
  cardNumber: z.string().regex(/^\d{13,19}$/, "must be 13 to 19 digits, digits only"),
  cardholderName: z.string().trim().min(2, "is required").max(64),
  expirationDate: z.string().regex(/^\d{2}\/(\d{2}|\d{4})$/, "must be MM/YYYY or MM/YY"),
  cvv: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
});

export async function cardTokenRoute(c: Context, ctx: SandboxContext) {
  const parsed = await parseBody(c, CardTokenBody);
  if (!parsed.ok) return parsed.response;
  const { cardNumber, expirationDate, cvv } = parsed.data;

  // Check digits are a 400 like the spec's RENAVAM check digit; a well-formed card the sandbox
  // cannot process (unknown brand, expired) is a 422.
  if (!luhnValid(cardNumber))
    return fieldError(c, "cardNumber", "luhn", "cardNumber: invalid check digit (Luhn)");
  const brand = detectBrand(cardNumber);
  if (!brand) {
    return errorB(
      c,
      422,
      "VALIDATION_ERROR",
      "Card brand not accepted (Visa, Mastercard, Elo, Amex, Hipercard)",
      {
        fields: { cardNumber: "brand not accepted" },
        reason: "unsupported_brand",
      },
    );
  }
  if (!lengthValidFor(brand, cardNumber)) {
    return fieldError(c, "cardNumber", "length", `cardNumber: wrong length for ${brand}`);
  }
  const expiry = parseExpiry(expirationDate);
  if (!expiry)
    return fieldError(c, "expirationDate", "format", "expirationDate: month must be 01 to 12");
  if (isExpired(expiry, ctx.options.now())) {
    return errorB(c, 422, "VALIDATION_ERROR", "Card expired", {
      fields: { expirationDate: "card expired" },
      reason: "expired",
    });
  }
  if (!cvvValidFor(brand, cvv)) {
    return fieldError(
      c,
      "cvv",
      "length",
      brand === "amex" ? "cvv: Amex takes 4 digits" : "cvv: must be 3 digits",
    );
  }

  // Random, so the token carries nothing of the card (spec: never store full card data).
  const token = `tok_${randomBytes(16).toString("hex")}`;
  const record: TokenRecord = {
    brand,
    lastFourDigits: cardNumber.slice(-4),
    expiresAt: fromNow(ctx, "cardTokenTtl"),
    scenario: scenarioForCard(cardNumber),
    apiKey: apiKeyOf(c),
  };
  ctx.store.tokens.set(token, record);
  return c.json({
    success: true,
    data: {
      token,
      brand,
      lastFourDigits: record.lastFourDigits,
      expiresAt: record.expiresAt.toISOString(),
    },
  });
}
