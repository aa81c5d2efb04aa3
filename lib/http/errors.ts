import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { isUpstreamError, type UpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";

// Any error -> the contract's body `{ error: { code, message, fields? } }` (+ retryAfterSeconds on
// 429). Upstream's English messages never reach the browser; unknown errors are a logged 500 with
// a generic message.

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
  retryAfterSeconds?: number;
};

const log = moduleLogger("http");

const STATUS_FOR_UPSTREAM: Record<UpstreamErrorCode, number> = {
  UPSTREAM_INVALID_REQUEST: 422,
  UPSTREAM_UNPROCESSABLE: 422,
  UPSTREAM_NOT_FOUND: 404,
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_UNAUTHORIZED: 502,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_BAD_GATEWAY: 502,
  UPSTREAM_SERVER_ERROR: 502,
  UPSTREAM_BAD_RESPONSE: 502,
  UPSTREAM_NETWORK: 502,
  UPSTREAM_TIMEOUT: 504,
};

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store", ...headers } });
}

function errorJson(status: number, body: ErrorBody): Response {
  const headers: Record<string, string> = body.retryAfterSeconds !== undefined ? { "retry-after": String(body.retryAfterSeconds) } : {};
  return jsonResponse(body, status, headers);
}

function fromUpstream(error: UpstreamError): Response {
  const status = STATUS_FOR_UPSTREAM[error.code];
  const body: ErrorBody = { error: { code: error.code, message: error.userMessage } };
  if (status === 429) body.retryAfterSeconds = error.retryAfterSeconds ?? 60;
  return errorJson(status, body);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      error: { code: error.code, message: error.userMessage, ...(error.fields ? { fields: error.fields } : {}) },
    };
    if (error.retryAfterSeconds !== undefined) body.retryAfterSeconds = error.retryAfterSeconds;
    return errorJson(error.httpStatus, body);
  }
  if (isUpstreamError(error)) return fromUpstream(error);
  const e = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
  log.error({ err: e }, "unhandled error in route handler");
  return errorJson(500, { error: { code: "INTERNAL_ERROR", message: "Tivemos um problema inesperado. Tente novamente em instantes." } });
}
