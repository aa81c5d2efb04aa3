// A new API key, as the workspace's form sends it.
import * as z from "zod/mini";
import { API_KEY_SCOPES } from "@/lib/rules/api-key";

export const API_KEY_MESSAGES = {
  name: "Dê um nome à chave (até 60 caracteres), como “Sistema do escritório”.",
  scope: "Escolha o acesso da chave: somente leitura, ou leitura e escrita.",
};

export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.name })
    .check(z.trim(), z.minLength(1, API_KEY_MESSAGES.name), z.maxLength(60, API_KEY_MESSAGES.name)),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scope }),
});

export type ApiKeyInputValues = z.input<typeof apiKeyInputSchema>;
export type ApiKeyInput = z.output<typeof apiKeyInputSchema>;
