import "server-only";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { processSingleton } from "@/lib/server/singleton";

// One Prometheus registry per process. Next's dev server re-evaluates modules, and a second
// `new Counter` with the same name on one registry throws: everything lives on globalThis.
// Label values are fixed names (route patterns, operations, codes), never a raw path: paths carry
// share tokens and plates.

function build() {
  const registry = new Registry();
  // The event-loop delay monitor's default 10 ms timer is nearly all of an idle instance's CPU
  // (several times what a 100 ms timer costs), paid once per instance. 100 ms still sees every
  // stall that matters to a dashboard.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "Requests answered by our API routes, by route pattern and status",
      labelNames: ["route", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an API route, by route pattern",
      labelNames: ["route"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: "upstream_requests_total",
      help: "Calls sent to upstream, by operation and outcome (ok or our error code)",
      labelNames: ["operation", "outcome"] as const,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: "upstream_request_duration_seconds",
      help: "Upstream call latency, by operation and outcome",
      labelNames: ["operation", "outcome"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests our own per-client limits refused, by limit",
      labelNames: ["limit"] as const,
      registers: [registry],
    }),
    budgetRefusals: new Counter({
      name: "upstream_budget_refusals_total",
      help: "Upstream calls not sent because the fleet's budget was spent or the operation paused",
      labelNames: ["operation", "reason"] as const,
      registers: [registry],
    }),
    mailOutcomes: new Counter({
      name: "mail_messages_total",
      help: "Outbox e-mail deliveries by outcome (sent | retry | failed: permanent or out of attempts)",
      labelNames: ["template", "outcome"] as const,
      registers: [registry],
    }),
    apiWebhookDeliveries: new Counter({
      name: "api_webhook_tries_total",
      help: "Webhooks out: tries of a delivery by outcome (delivered | failed)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    paymentStatusCalls: new Counter({
      name: "payment_status_calls_total",
      help: "Upstream status calls about our payments, by why they were made (poll | confirmation | renewal) and outcome (answered | not_found | failed)",
      labelNames: ["purpose", "outcome"] as const,
      registers: [registry],
    }),
    paymentUnknownValues: new Counter({
      name: "payment_unknown_values_total",
      help: "Payment status values we do not know: in an event (never written) or from the status endpoint (kept, shown as under verification)",
      labelNames: ["source", "field"] as const,
      registers: [registry],
    }),
    paymentConclusions: new Counter({
      name: "payment_not_created_total",
      help: "Payment attempts concluded not created (the upstream answered 404 past the grace)",
      registers: [registry],
    }),
    pixCodeRecoveries: new Counter({
      name: "pix_code_recoveries_total",
      help: "PIX attempts awaiting payment with no code: recovered (a replay of our call brought it) or abandoned (it did not)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    personalDataErased: new Counter({
      name: "personal_data_erased_total",
      help: "Records whose personal data was erased or deleted, by record kind (lookup, checkout, webhook_payload, mail, received_mail, session, verification, card_token, workspace_client) and why (unpaid | paid_expired | period | expired | request | client_deleted)",
      labelNames: ["record", "reason"] as const,
      registers: [registry],
    }),
    upstreamPauses: new Counter({
      name: "upstream_pauses_total",
      help: "Upstream 429s with retryAfter that paused an operation for the whole fleet",
      labelNames: ["operation"] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

export const metrics: Metrics = processSingleton("metrics", build);

/** One answered request, by route pattern (e.g. "POST /api/webhooks/uvvi/[secret]"), never the path. */
export function observeRequest(route: string, status: number, startedAt: number): void {
  metrics.httpRequests.inc({ route, status: String(status) });
  metrics.httpDuration.observe({ route }, (performance.now() - startedAt) / 1000);
}
