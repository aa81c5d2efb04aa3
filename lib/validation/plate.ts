// The plate field, shared by enrichment and lookup: accepts any case, hyphen or spaces and
// outputs the bare uppercase form upstream expects.

import * as z from "zod/mini";
import { normalizePlate } from "@/lib/rules/plate";
import { requiredText } from "./fields";

export const PLATE_MESSAGES = {
  required: "Informe a placa.",
  invalid: "Placa inválida. Use o formato ABC1234 ou ABC1D23.",
};

export const plateSchema = z.pipe(
  requiredText(PLATE_MESSAGES.required),
  z.transform((value: string, ctx) => {
    const plate = normalizePlate(value);
    if (plate === null) {
      ctx.issues.push({ code: "custom", message: PLATE_MESSAGES.invalid, input: value });
      return z.NEVER;
    }
    return plate;
  }),
);

export type PlateInput = z.input<typeof plateSchema>;
export type Plate = z.output<typeof plateSchema>;
