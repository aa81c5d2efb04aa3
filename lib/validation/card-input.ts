// Card data typed by the payer, checked before tokenization. Only the token is ever stored;
// this schema's output goes straight to upstream's card-token call.

import * as z from "zod/mini";
import {
  type CardBrand,
  formatExpiry,
  isExpiryInPast,
  isValidCvv,
  luhn,
  parseExpiry,
} from "@/lib/rules/card";
import {
  ACCEPTED_BRANDS_TEXT,
  detectBrand,
  identifyCard,
  isValidCardNumber,
  notAcceptedMessage,
} from "@/lib/rules/card-brand";
import { saoPauloWallClock } from "@/lib/rules/sao-paulo-time";
import { requiredText } from "./fields";

export const CARD_MESSAGES = {
  numberRequired: "Informe o número do cartão.",
  number: "Número do cartão inválido. Confira os dígitos.",
  brand: `Não reconhecemos a bandeira deste cartão. Aceitamos ${ACCEPTED_BRANDS_TEXT}; confira o número ou pague com PIX.`,
  nameRequired: "Informe o nome impresso no cartão.",
  name: "Use apenas letras, como está impresso no cartão.",
  expiryRequired: "Informe a validade do cartão.",
  expiry: "Validade inválida. Use MM/AA ou MM/AAAA.",
  expired: "Cartão vencido. Confira a validade ou use outro cartão.",
  cvvRequired: "Informe o código de segurança (CVV).",
  cvv: "CVV inválido. Ele tem 3 ou 4 dígitos.",
  cvvAmex: "CVV inválido. No American Express ele tem 4 dígitos, na frente do cartão.",
  cvvThree: "CVV inválido. Ele tem 3 dígitos, no verso do cartão.",
  installments: "Escolha de 1 a 12 parcelas.",
};

// Cards are issued for at most ~10 years; further out is a typo.
const MAX_YEARS_AHEAD = 20;

function cardNumberDigits(value: unknown): string {
  return typeof value === "string" ? value.replace(/[\s.-]/g, "") : "";
}

/** The card's own fields; `now` is injectable so tests (and the server's clock) can pin the expiry check. */
function cardFields(now: Date) {
  const currentYear = saoPauloWallClock(now).year;

  const number = z.pipe(
    requiredText(CARD_MESSAGES.numberRequired),
    z.transform((value: string, ctx) => {
      const digits = cardNumberDigits(value);
      const fail = (message: string) => {
        ctx.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      };
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return fail(CARD_MESSAGES.number);
      const identity = identifyCard(digits);
      // A brand we know and do not take is named, not reported as "unknown".
      if (identity.status === "not_accepted") return fail(notAcceptedMessage(identity.name));
      if (identity.status === "unknown") return fail(CARD_MESSAGES.brand);
      if (!isValidCardNumber(digits)) return fail(CARD_MESSAGES.number);
      return digits;
    }),
  );

  const expiry = z.pipe(
    requiredText(CARD_MESSAGES.expiryRequired),
    z.transform((value: string, ctx) => {
      const expiry = parseExpiry(value);
      if (expiry === null || expiry.year > currentYear + MAX_YEARS_AHEAD) {
        ctx.issues.push({ code: "custom", message: CARD_MESSAGES.expiry, input: value });
        return z.NEVER;
      }
      if (isExpiryInPast(expiry, now)) {
        ctx.issues.push({ code: "custom", message: CARD_MESSAGES.expired, input: value });
        return z.NEVER;
      }
      return formatExpiry(expiry);
    }),
  );

  const name = z.pipe(
    z.pipe(
      requiredText(CARD_MESSAGES.nameRequired),
      z.transform((value: string) => value.replace(/\s+/g, " ")),
    ),
    z
      .string()
      .check(
        z.maxLength(26, { error: CARD_MESSAGES.name }),
        z.regex(/^[\p{L}\p{M}'.\- ]+$/u, { error: CARD_MESSAGES.name }),
      ),
  );
  const cvv = requiredText(CARD_MESSAGES.cvvRequired).check(
    z.regex(/^\d{3,4}$/, { error: CARD_MESSAGES.cvv }),
  );
  return { number, name, expiry, cvv };
}

// Forms send "3" from a <select>.
const installments = z.coerce
  .number({ error: CARD_MESSAGES.installments })
  .check(
    z.int({ error: CARD_MESSAGES.installments }),
    z.gte(1, { error: CARD_MESSAGES.installments }),
    z.lte(12, { error: CARD_MESSAGES.installments }),
  );

/**
 * Object checks run even when a field failed, so re-derive the brand defensively and only judge
 * the CVV by brand once the number itself is valid.
 */
function cvvMatchesBrand(ctx: z.core.ParsePayload<{ number: string; cvv: string }>) {
  const digits = cardNumberDigits(ctx.value.number);
  const brand = isValidCardNumber(digits) ? detectBrand(digits) : null;
  const cvv = typeof ctx.value.cvv === "string" ? ctx.value.cvv : "";
  if (brand !== null && /^\d{3,4}$/.test(cvv) && !isValidCvv(cvv, brand)) {
    const message = brand === "amex" ? CARD_MESSAGES.cvvAmex : CARD_MESSAGES.cvvThree;
    ctx.issues.push({ code: "custom", message, path: ["cvv"], input: cvv });
  }
}

const withBrand = <T extends { number: string }>(value: T) => ({
  ...value,
  brand: detectBrand(value.number) as CardBrand,
});

/**
 * The card form: the card and the number of installments (`installments`, as in the payment
 * request). Output: `number` digits only, `expiry` `MM/YYYY`, `brand` detected from the number.
 */
export function cardInputSchema(now: Date = new Date()) {
  const object = z.object({ ...cardFields(now), installments }).check(cvvMatchesBrand);
  return z.pipe(
    object,
    z.transform((value: z.output<typeof object>) => withBrand(value)),
  );
}

/** POST /api/checkouts/{token}/card-token: the card alone (installments are the payment's). */
export function cardTokenInputSchema(now: Date = new Date()) {
  const object = z.object(cardFields(now)).check(cvvMatchesBrand);
  return z.pipe(
    object,
    z.transform((value: z.output<typeof object>) => withBrand(value)),
  );
}

export type CardInputSchema = ReturnType<typeof cardInputSchema>;
export type CardInputValues = z.input<CardInputSchema>;
export type CardInput = z.output<CardInputSchema>;
export type CardTokenInputValues = z.input<ReturnType<typeof cardTokenInputSchema>>;
