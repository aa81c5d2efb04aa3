// The despachante's clients and vehicles: the same field rules as the public forms (name, e-mail,
// mobile and CPF/CNPJ of the checkout's customer; plate, UF and RENAVAM of the lookup), so a
// client saved here can always be looked up and sent a link without a second round of errors.
// Phone and e-mail are optional: a despachante often has only one way to reach a client.

import * as z from "zod/mini";
import { emailSchema, personNameSchema, phoneSchema } from "./customer-input";
import { cpfCnpjSchema, emptyToUndefined, renavamSchema, ufSchema } from "./fields";
import { plateSchema } from "./plate";

const optional = <S extends z.core.$ZodType>(schema: S) =>
  z.pipe(z.transform(emptyToUndefined), z.optional(schema));

export const clientInputSchema = z.object({
  name: personNameSchema,
  cpfCnpj: cpfCnpjSchema,
  phone: optional(phoneSchema),
  email: optional(emailSchema),
});

export const vehicleInputSchema = z.object({
  plate: plateSchema,
  uf: ufSchema,
  renavam: renavamSchema,
});

export type ClientInputValues = z.input<typeof clientInputSchema>;
export type ClientInput = z.output<typeof clientInputSchema>;
export type VehicleInputValues = z.input<typeof vehicleInputSchema>;
export type VehicleInput = z.output<typeof vehicleInputSchema>;
