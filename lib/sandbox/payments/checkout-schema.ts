// Checkout input (decision, docs/sandbox-payments.md "Checkout"): the spec leaves the formats of
// customer and vehicle members open, so the sandbox accepts the usual Brazilian punctuation and
// normalises: cpfCnpj and phone to digits, plate to ABC1234 / ABC1D23, uf to upper case.
import { z } from "zod";
import { isUf, isValidCpfCnpj, isValidRenavam, normalizePlate, onlyDigits } from "../validators";

/** DDD + number (10 or 11 digits), optionally preceded by the country code 55. */
export function normalizePhone(value: string): string | null {
  const digits = onlyDigits(value);
  const national =
    (digits.length === 12 || digits.length === 13) && digits.startsWith("55")
      ? digits.slice(2)
      : digits;
  if (national.length !== 10 && national.length !== 11) return null;
  if (national.startsWith("0") || national[2] === "0") return null; // DDD 11-99, no leading 0
  return national;
}

export const CheckoutBody = z.object({
  debts: z
    .array(z.string().min(1))
    .min(1, "choose at least one debt")
    .refine((ids) => new Set(ids).size === ids.length, "debt ids must not repeat"),
  customer: z.object({
    name: z.string().trim().min(2, "is required").max(120),
    email: z.email("must be an e-mail address"),
    cpfCnpj: z
      .string()
      .transform(onlyDigits)
      .refine(
        (d) => (d.length === 11 || d.length === 14) && isValidCpfCnpj(d),
        "must be a CPF or CNPJ with valid check digits",
      ),
    phone: z.string().transform((v, ctx) => {
      const phone = normalizePhone(v);
      if (phone === null) {
        ctx.addIssue({ code: "custom", message: "must be a Brazilian phone: DDD + 8 or 9 digits" });
        return z.NEVER;
      }
      return phone;
    }),
  }),
  vehicle: z.object({
    licensePlate: z.string().transform((v, ctx) => {
      const plate = normalizePlate(v);
      if (plate === null) {
        ctx.addIssue({ code: "custom", message: "must be ABC1234 or ABC1D23" });
        return z.NEVER;
      }
      return plate;
    }),
    renavam: z.string().refine(isValidRenavam, "must be 11 digits with a valid check digit"),
    uf: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .refine(isUf, "must be a state code"),
  }),
});

export type CheckoutInput = z.output<typeof CheckoutBody>;
