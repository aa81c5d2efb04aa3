// Debt lookup: everything upstream's POST /uvvi/v1/debts needs, already in wire form
// (plate uppercase, RENAVAM 11 digits, CPF/CNPJ digits only), check digits verified here so a
// typo never costs an upstream call.

import * as z from "zod/mini";
import { cpfCnpjSchema, renavamSchema, ufSchema } from "./fields";
import { plateSchema } from "./plate";

export const lookupInputSchema = z.object({
  uf: ufSchema,
  plate: plateSchema,
  renavam: renavamSchema,
  cpfCnpj: cpfCnpjSchema,
});

export type LookupInputValues = z.input<typeof lookupInputSchema>;
export type LookupInput = z.output<typeof lookupInputSchema>;
