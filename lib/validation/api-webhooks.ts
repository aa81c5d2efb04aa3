// Webhooks out (docs/api-webhooks.md): registering an endpoint and changing it. The address rule
// itself (https, public addresses) is lib/rules/webhook-address.ts, checked on the server with the
// deployment's mode and the resolved addresses.

import * as z from "zod/mini";
import { API_EVENT_TYPES } from "@/lib/rules/api-events";

const eventsSchema = z
  .array(z.enum(API_EVENT_TYPES, { error: "Escolha eventos da lista." }))
  .check(z.minLength(1, { error: "Escolha ao menos um evento." }));

export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: "Informe o endereço." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Informe o endereço." }),
      z.maxLength(2048, { error: "Endereço longo demais." }),
    ),
  events: eventsSchema,
});

export const webhookEndpointPatchSchema = z.object({
  enabled: z.optional(z.boolean()),
  events: z.optional(eventsSchema),
});

export type WebhookEndpointInput = z.output<typeof webhookEndpointInputSchema>;
export type WebhookEndpointPatch = z.output<typeof webhookEndpointPatchSchema>;
