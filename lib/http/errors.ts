import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";

// Any error -> the contract's body `{ error: { code, message, fields? } }` (+ retryAfterSeconds on
// 429). Upstream's English messages never reach the browser; unknown errors are a logged 500 with
// a generic message.

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
  retryAfterSeconds?: number;
};

const log = moduleLogger("http");

/**
 * An error from a layer above http that says how it answers (UpstreamError does): http maps it
 * without importing that layer (docs/layers.md).
 */
export type HttpAnswer = { status: number; code: string; message: string; retryAfterSeconds?: number };
export type AnswersHttp = { toHttpAnswer(): HttpAnswer };

function answersHttp(error: unknown): error is AnswersHttp {
  return error instanceof Error && typeof (error as Partial<AnswersHttp>).toHttpAnswer === "function";
}

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store", ...headers } });
}

function errorJson(status: number, body: ErrorBody): Response {
  const headers: Record<string, string> = body.retryAfterSeconds !== undefined ? { "retry-after": String(body.retryAfterSeconds) } : {};
  return jsonResponse(body, status, headers);
}

function fromAnswer(answer: HttpAnswer): Response {
  const body: ErrorBody = { error: { code: answer.code, message: answer.message } };
  if (answer.retryAfterSeconds !== undefined) body.retryAfterSeconds = answer.retryAfterSeconds;
  return errorJson(answer.status, body);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      error: { code: error.code, message: error.userMessage, ...(error.fields ? { fields: error.fields } : {}) },
    };
    if (error.retryAfterSeconds !== undefined) body.retryAfterSeconds = error.retryAfterSeconds;
    return errorJson(error.httpStatus, body);
  }
  if (answersHttp(error)) return fromAnswer(error.toHttpAnswer());
  const e = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
  log.error({ err: e }, "unhandled error in route handler");
  return errorJson(500, { error: { code: "INTERNAL_ERROR", message: "Tivemos um problema inesperado. Tente novamente em instantes." } });
}
