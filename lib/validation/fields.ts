// Field schemas shared by several inputs, so "RENAVAM" or "CPF" fail with the same pt-BR words
// on every form and every server route.
//
// Every lib/validation schema is written with zod/mini (functional checks: `.check(z.trim(), ...)`,
// `z.pipe(schema, z.transform(fn))`) because the forms ship them to the browser, where classic zod
// costs ~30 KB more gzipped. Same core, same parsing and messages; the server parses with them too.

import * as z from "zod/mini";
import { isValidCnpj, isValidCpf } from "@/lib/rules/cpf-cnpj";
import { normalizeRenavam, isValidRenavam } from "@/lib/rules/renavam";
import { UF_CODES } from "@/lib/rules/uf";

/**
 * A text field that must be filled. Forms send "" for an empty input and the server may get
 * undefined or a number: all of them answer with the same `required` message.
 */
export function requiredText(required: string) {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }));
}

/** Empty form values ("", whitespace, null) become undefined, so `.optional()` accepts them. */
export function emptyToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

export const UF_MESSAGES = {
  required: "Escolha a UF.",
  invalid: "UF inválida. Escolha um dos 27 estados.",
};

export const ufSchema = z.pipe(
  requiredText(UF_MESSAGES.required).check(z.toUpperCase()),
  z.enum(UF_CODES, { error: UF_MESSAGES.invalid }),
);

export const RENAVAM_MESSAGES = {
  required: "Informe o RENAVAM.",
  format: "RENAVAM inválido. Ele tem 11 números (os mais antigos, 9).",
  checkDigit: "RENAVAM inválido. Confira o número no documento do veículo (CRLV).",
};

/**
 * A transform to a value's normal form, or to the one pt-BR message that says what is wrong with
 * it: every checked-digits field (RENAVAM, CPF/CNPJ, an office's CNPJ) fails the same way.
 */
export function normalizedOr(parse: (value: string) => string | { error: string }) {
  return z.transform((value: string, ctx) => {
    const result = parse(value);
    if (typeof result === "string") return result;
    ctx.issues.push({ code: "custom", message: result.error, input: value });
    return z.NEVER;
  });
}

/** Output: 11 digits (9- and 10-digit legacy numbers are zero-padded, see lib/rules/renavam). */
export const renavamSchema = z.pipe(
  requiredText(RENAVAM_MESSAGES.required),
  normalizedOr((value) => {
    const renavam = normalizeRenavam(value);
    if (renavam === null) return { error: RENAVAM_MESSAGES.format };
    return isValidRenavam(renavam) ? renavam : { error: RENAVAM_MESSAGES.checkDigit };
  }),
);

export const CPF_CNPJ_MESSAGES = {
  required: "Informe o CPF ou CNPJ.",
  format: "Informe um CPF (11 números) ou um CNPJ (14 números).",
  cpf: "CPF inválido. Confira os números.",
  cnpj: "CNPJ inválido. Confira os números.",
};

/** Accepts the masked forms people paste (`123.456.789-09`); output is digits only. */
export const cpfCnpjSchema = z.pipe(
  requiredText(CPF_CNPJ_MESSAGES.required),
  normalizedOr((value) => {
    const digits = /^[\d.\-/\s]+$/.test(value) ? value.replace(/\D/g, "") : "";
    if (digits.length === 11) return isValidCpf(digits) ? digits : { error: CPF_CNPJ_MESSAGES.cpf };
    if (digits.length === 14)
      return isValidCnpj(digits) ? digits : { error: CPF_CNPJ_MESSAGES.cnpj };
    return { error: CPF_CNPJ_MESSAGES.format };
  }),
);
