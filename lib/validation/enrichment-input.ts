// Vehicle enrichment by plate; the UF is optional (given, upstream asks that state directly).

import { z } from "zod";
import { emptyToUndefined, ufSchema } from "./fields";
import { plateSchema } from "./plate";

export const enrichmentInputSchema = z.object({
  placa: plateSchema,
  uf: z.preprocess(emptyToUndefined, ufSchema.optional()),
});

export type EnrichmentInputValues = z.input<typeof enrichmentInputSchema>;
export type EnrichmentInput = z.output<typeof enrichmentInputSchema>;
