import "server-only";
import { apiDeliveries } from "@/lib/api-events/worker";
import { delistingChecks } from "@/lib/delisting/worker";
import { env } from "@/lib/env";
import type { Worker } from "@/lib/jobs/worker";
import { mailOutbox } from "@/lib/mail/worker";
import { noteExpiredLinks } from "@/lib/links/expired-links";
import { sweepPayments } from "@/lib/payments/sweep";
import { retentionTick } from "@/lib/personal-data/purge";
import { radarDigestTick } from "@/lib/radar/digest";
import { ownerMailsTick } from "@/lib/radar/owner-mails";
import { radarPlanner, radarScans } from "@/lib/radar/workers";
import { webhookLog } from "@/lib/webhooks/logger";
import { webhookDispatcher } from "@/lib/webhooks/dispatch";
import { registerStorefrontWebhook, webhookUrlForLogs } from "@/lib/webhooks/registration";
import { batchItems } from "@/lib/workspace/batches/worker";

// Everything this process does in the background, in one list. A queue is declared where its work
// lives (defineWorker: its job, claim size and concurrency, next due row, depth gauge) and listed
// here; the tick (start.ts) kicks each one, and /api/metrics shows each one's depth.

/**
 * The queues, in the order the tick kicks them. The inbox is drained before the periodic tasks run
 * (a status that arrived by webhook spares the sweep its question); the others run alongside.
 */
export const QUEUES: readonly { worker: Worker; tickWaits?: boolean }[] = [
  { worker: webhookDispatcher, tickWaits: true },
  { worker: mailOutbox },
  { worker: batchItems },
  { worker: radarPlanner },
  { worker: radarScans },
  { worker: delistingChecks },
  { worker: apiDeliveries },
];

/** Run on every tick, one after the other, after the queues the tick waits for. */
export const PERIODIC: readonly { name: string; run: () => Promise<unknown> }[] = [
  // Webhooks get lost: ask the status endpoint about payments nobody resolved.
  { name: "payment-sweep", run: () => sweepPayments() },
  // Personal data kept only as long as needed (docs/privacy.md); runs every 15 min of ticks.
  { name: "personal-data-retention", run: () => retentionTick() },
  // The despachante's Radar digest: one e-mail per account per São Paulo day, from the digest hour.
  { name: "radar-digest", run: () => radarDigestTick() },
  // Radar's owner e-mails: what the scans found, at most one mail per vehicle per São Paulo day.
  { name: "radar-owner-mails", run: () => ownerMailsTick() },
  // Links past their end noted once; an account's unpaid one becomes a link.expired API event.
  { name: "link-expiry", run: () => noteExpiredLinks() },
];

/** The one tick's interval (BACKGROUND_TICK_MS). */
export const tickIntervalMs = (): number => env.backgroundTickMs;

/** Run once when the process starts. */
export const AT_START: readonly {
  name: string;
  enabled: () => boolean;
  run: () => Promise<void>;
}[] = [
  {
    // The embedded sandbox forgets registrations on restart; a remote upstream is registered once
    // by `npm run webhook:register`.
    name: "webhook-registration",
    enabled: () => env.upstreamMode === "sandbox",
    run: async () => {
      try {
        await registerStorefrontWebhook({ attempts: 5, delayMs: 1_000 });
        webhookLog.info({ url: webhookUrlForLogs() }, "webhook registered with the sandbox");
      } catch (error) {
        webhookLog.error({ err: error }, "webhook registration with the sandbox failed");
      }
    },
  },
];
