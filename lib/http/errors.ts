import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { type Code, type ErrorBody, ERROR_CODES } from "@/lib/errors/codes";
import { moduleLogger } from "@/lib/log/logger";

// Any error -> the contract's body `{ error: { code, message, fields? } }` (+ retryAfterSeconds on
// 429), with the status of the code's entry in lib/errors/codes.ts. Upstream's English messages
// never reach the browser; unknown errors are a logged 500 with a generic message.

const log = moduleLogger("http");

/**
 * An error from a layer above http that says how it answers (UpstreamError does): http maps it
 * without importing that layer (docs/layers.md). The status is the code's registered one.
 */
export type HttpAnswer = { code: Code; message: string; retryAfterSeconds?: number };
export type AnswersHttp = { toHttpAnswer(): HttpAnswer };

function answersHttp(error: unknown): error is AnswersHttp {
  return (
    error instanceof Error && typeof (error as Partial<AnswersHttp>).toHttpAnswer === "function"
  );
}

export function jsonResponse(
  data: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store", ...headers } });
}

type CodeExtra = {
  message?: string;
  fields?: Record<string, string>;
  issues?: string[];
  retryAfterSeconds?: number;
};

/** The body and status for `code`, for a caller that writes its own response (a Node handler). */
export function codeBody(code: Code, extra: CodeExtra = {}): { status: number; body: ErrorBody } {
  const { message, retryAfterSeconds, ...details } = extra;
  const body: ErrorBody = {
    error: { code, message: message ?? ERROR_CODES[code].message, ...definedOnly(details) },
  };
  if (retryAfterSeconds !== undefined) body.retryAfterSeconds = retryAfterSeconds;
  return { status: ERROR_CODES[code].status, body };
}

/** codeBody with the headers its answer carries (retry-after on a 429). */
function codeAnswer(
  code: Code,
  extra: CodeExtra = {},
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const { status, body } = codeBody(code, extra);
  const headers: Record<string, string> =
    extra.retryAfterSeconds !== undefined ? { "retry-after": String(extra.retryAfterSeconds) } : {};
  return { status, body, headers };
}

/** The answer for `code` with its registered status (and message, unless `message` is given). */
export function codeResponse(code: Code, extra: CodeExtra = {}): Response {
  const { status, body, headers } = codeAnswer(code, extra);
  return jsonResponse(body, status, headers);
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Any error as status, body and headers, for a caller that writes its own response (lib/http/direct.ts). */
export function errorAnswer(error: unknown): {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof AppError) {
    return codeAnswer(error.code, {
      message: error.userMessage,
      fields: error.fields,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (answersHttp(error)) {
    const answer = error.toHttpAnswer();
    return codeAnswer(answer.code, {
      message: answer.message,
      retryAfterSeconds: answer.retryAfterSeconds,
    });
  }
  const e =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { value: String(error) };
  log.error({ err: e }, "unhandled error in route handler");
  return codeAnswer("INTERNAL_ERROR");
}

export function errorResponse(error: unknown): Response {
  const { status, body, headers } = errorAnswer(error);
  return jsonResponse(body, status, headers);
}
