import "server-only";
import { env } from "@/lib/env";
import { startPaymentSweep, sweepPayments } from "@/lib/payments/sweep";
import { dispatchPendingWebhooks } from "./dispatch";
import { webhookLog } from "./logger";
import { registerStorefrontWebhook, webhookUrlForLogs } from "./registration";

// Started once per server process from instrumentation.ts (Node runtime only):
// - sandbox mode: register our webhook URL with the embedded sandbox (it forgets on restart);
//   a remote upstream is registered once by `npm run webhook:register`;
// - every 30 s: reconcile forgotten payments and apply inbox rows a crash left unapplied.
// Stopped on SIGTERM/SIGINT (the interval is unref'd, so it never holds the process open).

const g = globalThis as unknown as { __webhookBackground?: () => void };

export function startWebhookBackground(): void {
  if (g.__webhookBackground) return;
  if (env.upstreamMode === "sandbox") {
    registerStorefrontWebhook({ attempts: 5, delayMs: 1_000 })
      .then(() => webhookLog.info({ url: webhookUrlForLogs() }, "webhook registered with the sandbox"))
      .catch((error: unknown) => webhookLog.error({ err: error }, "webhook registration with the sandbox failed"));
  }
  void dispatchPendingWebhooks();
  const stop = startPaymentSweep(async () => {
    await dispatchPendingWebhooks();
    await sweepPayments();
  });
  g.__webhookBackground = stop;
  const onShutdown = () => {
    stop();
    g.__webhookBackground = undefined;
  };
  process.once("SIGTERM", onShutdown);
  process.once("SIGINT", onShutdown);
}
