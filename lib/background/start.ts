import "server-only";
import { env } from "@/lib/env";
import { stopJobs } from "@/lib/jobs";
import { kickOutbox } from "@/lib/mail/worker";
import { onShutdown } from "@/lib/server/shutdown";
import { kickBatches } from "@/lib/workspace/batches/worker";
import { startPaymentSweep, sweepPayments } from "@/lib/payments/sweep";
import { dispatchPendingWebhooks } from "@/lib/webhooks/dispatch";
import { webhookLog } from "@/lib/webhooks/logger";
import { registerStorefrontWebhook, webhookUrlForLogs } from "@/lib/webhooks/registration";
import { registerReactions } from "./reactions";

// Started once per server process from instrumentation.ts (Node runtime only):
// - the reactions of higher capabilities to lower ones' facts (./reactions.ts), before any work;
// - sandbox mode: register our webhook URL with the embedded sandbox (it forgets on restart);
//   a remote upstream is registered once by `npm run webhook:register`;
// - every 30 s: reconcile forgotten payments, apply inbox rows a crash left unapplied, and send
//   outbox e-mails still due (lib/mail) and batch lookups still due (lib/workspace/batches; the
//   same lib/jobs leases, handed back by stopJobs()).
// Stopped by the server's shutdown hooks (lib/server/shutdown.ts; the interval is unref'd).

const g = globalThis as unknown as { __webhookBackground?: () => Promise<void> };

export function startBackground(): void {
  registerReactions();
  if (g.__webhookBackground) return;
  if (env.upstreamMode === "sandbox") {
    registerStorefrontWebhook({ attempts: 5, delayMs: 1_000 })
      .then(() => webhookLog.info({ url: webhookUrlForLogs() }, "webhook registered with the sandbox"))
      .catch((error: unknown) => webhookLog.error({ err: error }, "webhook registration with the sandbox failed"));
  }
  void dispatchPendingWebhooks();
  void kickOutbox();
  void kickBatches();
  const stop = startPaymentSweep(async () => {
    await dispatchPendingWebhooks();
    void kickOutbox();
    void kickBatches();
    await sweepPayments();
  });
  g.__webhookBackground = stop;
  // After the last request (lib/server/serve.ts): no new sweep starts, a running one finishes the
  // payment it has claimed, work in hand finishes and every lease still held is handed back, so
  // another instance takes the rest at once instead of after the lease runs out (rolling deploys).
  onShutdown(async () => {
    g.__webhookBackground = undefined;
    await stop();
    await stopJobs(8_000);
  });
}
