import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createStore, type SandboxContext, type SandboxOptions } from "./context";
import { authMiddleware } from "./http/auth";
import { errorC } from "./http/errors";
import { createFaults } from "./http/faults";
import { internalEnv } from "./http/internal-dispatch";
import { jsonBodyMiddleware } from "./http/json-body";
import { createRateLimiter } from "./http/rate-limit";
import { createRequestLog } from "./http/request-log";
import { registerPaymentRoutes } from "./payments/routes";
import { registerDebtLookupRoute } from "./routes/debt-lookup";
import { registerEnrichmentRoute } from "./routes/enrichment";
import { registerHealthRoute } from "./routes/health";
import { registerSandboxControlRoutes } from "./routes/sandbox-control";
import { registerWebhookRegisterRoute } from "./routes/webhook-register";
import { createWebhookDispatcher } from "./webhooks/dispatcher";

/** The key accepted when none is configured (.env.example uses it too). */
export const DEFAULT_SANDBOX_API_KEY = "sk_test_sandbox_default";

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  apiKeys: [DEFAULT_SANDBOX_API_KEY],
  latencyScale: 1,
  timeScale: 1,
  rateLimitPerMinute: 1000,
  webhookAckTimeoutMs: 5000,
  withheldPaymentMs: 75_000,
  now: () => new Date(),
};

export type SandboxApp = { app: Hono; ctx: SandboxContext; close(): void };

export function createSandboxApp(overrides: Partial<SandboxOptions> = {}): SandboxApp {
  const given = { ...DEFAULT_SANDBOX_OPTIONS, ...overrides };
  // POST /__sandbox/clock pins the time every part of the sandbox reads through options.now.
  let pinnedAt: Date | null = null;
  const options: SandboxOptions = {
    ...given,
    now: () => (pinnedAt ? new Date(pinnedAt.getTime()) : given.now()),
  };

  const store = createStore();
  const timers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();
  // Start from the wall clock so transactionIds are not reused after a restart (the storefront
  // keeps its own records keyed by them); still a safe integer.
  let lastTransactionId = Math.floor(Date.now() / 1000) * 100;
  const webhooks = createWebhookDispatcher({
    urlFor: (key) => store.webhookUrlByKey.get(key),
    timeScale: options.timeScale,
    ackTimeoutMs: options.webhookAckTimeoutMs,
  });
  const ctx: SandboxContext = {
    options,
    store,
    webhooks,
    nextTransactionId: () => ++lastTransactionId,
    schedule(fn, delayMs) {
      const t = setTimeout(
        () => {
          timers.delete(t);
          fn();
        },
        Math.max(0, delayMs),
      );
      timers.add(t);
    },
  };

  // `late-create` re-dispatches the original request through this very app after its delay.
  const faults = createFaults(closing.signal, {
    schedule: ctx.schedule,
    dispatch: async (request) => app.fetch(request, internalEnv()),
  });
  const limiter = createRateLimiter(options.rateLimitPerMinute);
  const requests = createRequestLog();
  const clearTimers = () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
  };

  const app = new Hono();
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status < 500)
      return errorC(c, err.status as 400, err.message || "Bad request");
    if (err instanceof SyntaxError) return errorC(c, 400, "Malformed JSON in request body");
    console.error("[sandbox] unhandled error", err);
    return errorC(c, 500, "Internal server error");
  });
  app.notFound((c) => errorC(c, 404, `No route for ${c.req.method} ${c.req.path}`));
  app.use("*", authMiddleware(options.apiKeys));
  // After auth (only accepted keys are recorded), before the limiter (its 429s are recorded).
  app.use("*", requests.middleware);
  app.use("*", limiter.middleware);
  app.use("*", faults.middleware);
  app.use("*", jsonBodyMiddleware);

  registerHealthRoute(app, ctx);
  registerEnrichmentRoute(app, ctx, closing.signal);
  registerDebtLookupRoute(app, ctx);
  registerWebhookRegisterRoute(app, ctx);
  registerSandboxControlRoutes(app, ctx, {
    faults,
    requests,
    pinClock: (at) => {
      pinnedAt = at;
    },
    reset: () => {
      clearTimers();
      for (const map of Object.values(store)) map.clear();
      webhooks.reset();
      faults.clear();
      limiter.reset();
      requests.reset();
      pinnedAt = null;
    },
  });
  registerPaymentRoutes(app, ctx);

  return {
    app,
    ctx,
    close() {
      clearTimers();
      webhooks.close();
      closing.abort();
    },
  };
}
