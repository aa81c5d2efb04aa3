// An owner's "avise-me de novos débitos deste veículo": the lookup they are looking at (its id,
// which only the browser that made it holds) and the address the mails go to.

import * as z from "zod/mini";
import { emailSchema } from "./customer-input";

export const radarSubscribeInputSchema = z.object({
  lookupId: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "Consulta inválida. Faça a consulta de novo." }),
    ),
  email: emailSchema,
});

export type RadarSubscribeInput = z.output<typeof radarSubscribeInputSchema>;
