// The payer, sent to upstream's checkout as customer {name, email, cpfCnpj, phone}.

import * as z from "zod/mini";
import { cpfCnpjSchema, requiredText } from "./fields";

export const CUSTOMER_MESSAGES = {
  nameRequired: "Informe seu nome completo.",
  nameFull: "Informe nome e sobrenome.",
  nameChars: "Use apenas letras no nome.",
  nameLong: "Nome muito longo (máximo de 120 caracteres).",
  emailRequired: "Informe seu e-mail.",
  email: "E-mail inválido. Confira o endereço, como nome@exemplo.com.",
  phoneRequired: "Informe o celular com DDD.",
  phone: "Celular inválido. Use DDD + 9 dígitos, como (11) 98765-4321.",
  ddd: "DDD inválido. Confira os dois primeiros números.",
};

// DDDs in use (Anatel). A made-up DDD is the most common typo that still has 11 digits.
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

// Letters of any script, plus the apostrophes, hyphens and dots real names carry (D'Ávila, Jr.).
const NAME_CHARS = /^[\p{L}\p{M}'’.\- ]+$/u;

export const personNameSchema = z.pipe(
  z.pipe(
    requiredText(CUSTOMER_MESSAGES.nameRequired),
    z.transform((value: string) => value.replace(/\s+/g, " ")),
  ),
  z.string().check(
    z.maxLength(120, { error: CUSTOMER_MESSAGES.nameLong }),
    z.regex(NAME_CHARS, { error: CUSTOMER_MESSAGES.nameChars }),
    z.refine((value) => value.split(" ").filter((word) => /\p{L}/u.test(word)).length >= 2, {
      error: CUSTOMER_MESSAGES.nameFull,
    }),
  ),
);

export const emailSchema = z.pipe(
  requiredText(CUSTOMER_MESSAGES.emailRequired),
  z
    .email({ error: CUSTOMER_MESSAGES.email })
    .check(z.maxLength(254, { error: CUSTOMER_MESSAGES.email })),
);

/** Brazilian mobile: DDD + 9 digits starting with 9; `+55` is tolerated. Output: 11 digits. */
export const phoneSchema = z.pipe(
  requiredText(CUSTOMER_MESSAGES.phoneRequired),
  z.transform((value: string, ctx) => {
    const fail = (message: string) => {
      ctx.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    };
    if (!/^[\d\s()+.-]+$/.test(value)) return fail(CUSTOMER_MESSAGES.phone);
    let digits = value.replace(/\D/g, "");
    if (digits.length === 13 && digits.startsWith("55")) digits = digits.slice(2);
    if (digits.length !== 11 || digits[2] !== "9") return fail(CUSTOMER_MESSAGES.phone);
    if (!DDDS.has(Number(digits.slice(0, 2)))) return fail(CUSTOMER_MESSAGES.ddd);
    return digits;
  }),
);

export const customerInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  cpfCnpj: cpfCnpjSchema,
});

export type CustomerInputValues = z.input<typeof customerInputSchema>;
export type CustomerInput = z.output<typeof customerInputSchema>;
