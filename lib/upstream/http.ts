import "server-only";
import { env } from "@/lib/env";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { inSpan, SpanKind } from "@/lib/tracing/trace";
import { budget } from "./budget";
import { parseUpstreamErrorBody, UpstreamError } from "./errors";
import { send } from "./transport";

// The ONLY place the API key is attached to a request and the only call to upstream (transport.ts sends it). It turns
// every failure (HTTP error in shape A/B/C, non-JSON body, timeout, network) into UpstreamError
// and never logs a request or response body: bodies may carry card data or a CPF.
// Every call first takes a unit of the fleet's budget (budget.ts): a refusal is thrown before
// anything is sent, and an upstream 429 with retryAfter pauses that operation fleet-wide.

const log = moduleLogger("upstream");

export type UpstreamRequest = {
  /** Stable name for logs and metrics, e.g. "enrichment" (paths may carry a plate). */
  operation: string;
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  timeoutMs: number;
  /** Extra context for the request log line (ids only, never personal or card data). */
  logFields?: Record<string, unknown>;
};

function urlOf(path: string, query: UpstreamRequest["query"]): string {
  const url = new URL(`${env.upstreamBaseUrl}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

function transportError(error: unknown, timeoutMs: number): UpstreamError {
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new UpstreamError({
      code: "UPSTREAM_TIMEOUT",
      upstreamMessage: `no answer within ${timeoutMs} ms`,
      cause: error,
    });
  }
  // node:http puts the system's code (ECONNREFUSED, ECONNRESET...) on the error itself.
  const code =
    (error as { code?: string } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return new UpstreamError({
    code: "UPSTREAM_NETWORK",
    upstreamMessage: code ?? (error as Error)?.message,
    cause: error,
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function observe(operation: string, outcome: string, started: number): void {
  metrics.upstreamCalls.inc({ operation, outcome });
  metrics.upstreamDuration.observe({ operation, outcome }, (performance.now() - started) / 1000);
}

/**
 * Performs one HTTP call (no retries: see retry.ts) and returns the parsed JSON of a 2xx answer.
 * Its span is named by the operation, never the path (a plate's path names the plate).
 */
export function upstreamRequest(req: UpstreamRequest): Promise<unknown> {
  return inSpan(
    `upstream ${req.operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { "upstream.operation": req.operation, "http.request.method": req.method },
    },
    (span) => call(req, (status) => span.setAttribute("http.response.status_code", status)),
  );
}

async function call(req: UpstreamRequest, answered: (status: number) => void): Promise<unknown> {
  await budget.take(req.operation);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let status: number | undefined;
  try {
    const res = await send(urlOf(req.path, req.query), {
      method: req.method,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-api-key": env.upstreamApiKey,
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      timeoutMs: req.timeoutMs,
    });
    status = res.status;
    answered(status);
    const text = res.text;
    const parsed = text.trim() === "" ? undefined : parseJson(text);
    if (res.status < 200 || res.status > 299) {
      throw parseUpstreamErrorBody(
        res.status,
        parsed === undefined ? undefined : parsed.ok ? parsed.value : text,
        res.retryAfter,
      );
    }
    if (parsed !== undefined && !parsed.ok) {
      throw new UpstreamError({
        code: "UPSTREAM_BAD_RESPONSE",
        httpStatus: res.status,
        shape: "non-json",
        upstreamMessage: "2xx body is not JSON",
      });
    }
    log.debug({ operation: req.operation, status, ms: ms(), ...req.logFields }, "upstream call");
    observe(req.operation, "ok", started);
    return parsed?.ok ? parsed.value : null;
  } catch (caught) {
    const error = caught instanceof UpstreamError ? caught : transportError(caught, req.timeoutMs);
    const line = {
      operation: req.operation,
      status,
      ms: ms(),
      error: error.toLog(),
      ...req.logFields,
    };
    observe(req.operation, error.code.replace(/^UPSTREAM_/, "").toLowerCase(), started);
    if (error.httpStatus === 429 && error.retryAfterSeconds !== undefined)
      await budget.recordPause(req.operation, error.retryAfterSeconds);
    if (error.code === "UPSTREAM_UNAUTHORIZED") {
      // Our configuration is wrong (key revoked, sk_test_ key against production...): every call
      // will fail until someone fixes UVVI_API_KEY / UVVI_BASE_URL.
      log.error(
        { ...line, alert: "UPSTREAM_AUTH" },
        "upstream refused our API key: check UVVI_API_KEY and UVVI_BASE_URL",
      );
    } else {
      log.warn(line, "upstream call failed");
    }
    throw error;
  }
}

/** The per-call timeouts: enrichment and the other quick calls vs payment (spec: 30-60 s). */
export const timeouts = {
  get standard() {
    return env.upstreamTimeoutMs;
  },
  get payment() {
    return env.paymentTimeoutMs;
  },
  health: 3000,
};
