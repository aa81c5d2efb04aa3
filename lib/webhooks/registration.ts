import "server-only";
import { env } from "@/lib/env";
import { upstream } from "@/lib/upstream/client";

// The URL the upstream posts events to: PUBLIC_BASE_URL + the secret path segment.
export const WEBHOOK_PATH_PREFIX = "/api/webhooks/uvvi/";

export function webhookUrl(): string {
  return `${env.publicBaseUrl}${WEBHOOK_PATH_PREFIX}${encodeURIComponent(env.webhookSecret)}`;
}

/** Safe to log: the secret segment is masked. */
export function webhookUrlForLogs(): string {
  return `${env.publicBaseUrl}${WEBHOOK_PATH_PREFIX}<secret>`;
}

/** Registers our URL (one URL per key upstream: it replaces the previous one), retrying a few times. */
export async function registerStorefrontWebhook(
  opts: { attempts?: number; delayMs?: number } = {},
) {
  const { attempts = 5, delayMs = 2_000 } = opts;
  for (let i = 1; ; i++) {
    try {
      return await upstream.registerWebhook(webhookUrl());
    } catch (error) {
      if (i >= attempts) throw error;
      await new Promise((r) => setTimeout(r, delayMs * i));
    }
  }
}
