// Vehicle enrichment by plate; the UF is optional (given, upstream asks that state directly).

import * as z from "zod/mini";
import { emptyToUndefined, ufSchema } from "./fields";
import { plateSchema } from "./plate";

export const enrichmentInputSchema = z.object({
  plate: plateSchema,
  // zod/mini has no z.preprocess; classic's is this same pipe (a transform into the schema).
  uf: z.pipe(z.transform(emptyToUndefined), z.optional(ufSchema)),
});

export type EnrichmentInputValues = z.input<typeof enrichmentInputSchema>;
export type EnrichmentInput = z.output<typeof enrichmentInputSchema>;
