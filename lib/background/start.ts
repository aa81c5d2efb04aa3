import "server-only";
import { env } from "@/lib/env";
import { stopJobs } from "@/lib/jobs";
import { moduleLogger } from "@/lib/log/logger";
import { onShutdown } from "@/lib/server/shutdown";
import { registerDirectRoute } from "@/lib/server/direct-routes";
import { processSingleton } from "@/lib/server/singleton";
import { paymentStatusView } from "@/lib/delisting/payment-status";
import { paymentStatusDirectRoute } from "@/lib/payments/direct-route";
import { webhookDirectRoute } from "@/lib/webhooks/direct-route";
import { AT_START, PERIODIC, QUEUES, tickIntervalMs } from "./queues";
import { registerReactions } from "./reactions";

// Started once per server process from instrumentation.ts (Node runtime only):
// - the configuration's warnings (a deprecated setting's name) logged once;
// - the reactions of higher capabilities to lower ones' facts (./reactions.ts), before any work;
// - the start-up tasks (./queues.ts AT_START: webhook registration with the sandbox);
// - every queue kicked at once, then the one tick: every BACKGROUND_TICK_MS each queue is
//   kicked again (rows a dead instance held are taken up after their lease) and the periodic tasks
//   run (the payment sweep, retention, Radar's digest and owner mails: ./queues.ts PERIODIC).
// Stopped by the server's shutdown hooks (lib/server/shutdown.ts; the interval is unref'd).

const log = moduleLogger("background");

type Background = { stop?: () => Promise<void> };
const background = processSingleton<Background>("background", () => ({}));

async function tick(): Promise<void> {
  const waited: Promise<void>[] = [];
  for (const { worker, tickWaits } of QUEUES) {
    const drained = worker.kick();
    if (tickWaits) waited.push(drained);
  }
  await Promise.all(waited);
  for (const task of PERIODIC) {
    await task
      .run()
      .catch((error: unknown) =>
        log.error({ err: error, task: task.name }, "periodic task failed"),
      );
  }
}

/** Starts the tick; the returned stop() resolves once a tick already running has finished. */
function startTick(intervalMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return; // a slow upstream must not stack ticks
    running = tick()
      .catch((error: unknown) => log.error({ err: error }, "background tick failed"))
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export function startBackground(): void {
  registerReactions();
  // Our server answers deliveries and status polls without Next's request handling
  // (lib/server/direct-routes.ts): the two routes that come by the hundred a second.
  registerDirectRoute(webhookDirectRoute);
  registerDirectRoute(paymentStatusDirectRoute(paymentStatusView));
  if (background.stop) return;
  for (const warning of env.warnings) log.warn(warning);
  for (const task of AT_START) if (task.enabled()) void task.run();
  for (const { worker } of QUEUES) void worker.kick();
  const stop = startTick(tickIntervalMs());
  background.stop = stop;
  // After the last request (lib/server/serve.ts): no new tick starts, a running one finishes the
  // payment it has claimed, work in hand finishes and every lease still held is handed back, so
  // another instance takes the rest at once instead of after the lease runs out (rolling deploys).
  onShutdown(async () => {
    background.stop = undefined;
    await stop();
    await stopJobs(8_000);
  });
}
