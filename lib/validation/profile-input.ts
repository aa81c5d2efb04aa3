// The despachante's profile: how their clients see who sent a link. Name and office are asked
// (a link "from" an e-mail address reads like a scam); the office's CNPJ is optional, and when
// given its check digits are verified here, on the form and on the server alike.

import * as z from "zod/mini";
import { isValidCnpj } from "@/lib/rules/cpf-cnpj";
import { emptyToUndefined, normalizedOr, requiredText } from "./fields";

export const PROFILE_MESSAGES = {
  name: "Informe seu nome, como seus clientes conhecem você.",
  nameLength: "Use até 80 caracteres no nome.",
  officeName: "Informe o nome do escritório (ou o seu, se trabalha por conta própria).",
  officeNameLength: "Use até 120 caracteres no nome do escritório.",
  cnpjFormat: "O CNPJ tem 14 números.",
  cnpj: "CNPJ inválido. Confira os números.",
};

const cnpjSchema = z.pipe(
  z.string(),
  normalizedOr((value) => {
    const digits = value.replace(/\D/g, "");
    if (digits.length !== 14) return { error: PROFILE_MESSAGES.cnpjFormat };
    return isValidCnpj(digits) ? digits : { error: PROFILE_MESSAGES.cnpj };
  }),
);

export const profileInputSchema = z.object({
  name: requiredText(PROFILE_MESSAGES.name).check(
    z.maxLength(80, { error: PROFILE_MESSAGES.nameLength }),
  ),
  officeName: requiredText(PROFILE_MESSAGES.officeName).check(
    z.maxLength(120, { error: PROFILE_MESSAGES.officeNameLength }),
  ),
  cnpj: z.pipe(z.transform(emptyToUndefined), z.optional(cnpjSchema)),
});

export type ProfileInputValues = z.input<typeof profileInputSchema>;
export type ProfileInput = z.output<typeof profileInputSchema>;
