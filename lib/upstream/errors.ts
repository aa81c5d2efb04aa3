// Everything that can go wrong talking to upstream becomes one UpstreamError with a stable `code`
// for programs and a pt-BR `userMessage` for people. Upstream's own words (English, and in one of
// three body shapes) are kept in `upstreamCode`/`upstreamMessage` for logs, never shown. Which
// status the browser gets, and the message, is the code's entry in lib/errors/codes.ts:
//   400 (other 4xx) UPSTREAM_INVALID_REQUEST, 401/403 UPSTREAM_UNAUTHORIZED, 404 UPSTREAM_NOT_FOUND,
//   422 UPSTREAM_UNPROCESSABLE, 429 UPSTREAM_RATE_LIMITED, 500 UPSTREAM_SERVER_ERROR, 502/504
//   UPSTREAM_BAD_GATEWAY, 503 UPSTREAM_UNAVAILABLE; no answer in time UPSTREAM_TIMEOUT; refused,
//   reset or DNS UPSTREAM_NETWORK; a 2xx we cannot read UPSTREAM_BAD_RESPONSE.

import { ERROR_CODES, messageOf, type UpstreamCode } from "@/lib/errors/codes";
import type { AnswersHttp, HttpAnswer } from "@/lib/http/errors";

/** Our code for each way a call can fail; statuses and pt-BR messages live in lib/errors/codes.ts. */
export type UpstreamErrorCode = UpstreamCode;

/** Which of the spec's error body shapes we recognised (A, B, C), or what we got instead. */
export type ErrorBodyShape = "A" | "B" | "C" | "unknown-json" | "non-json" | "none";

export type UpstreamErrorInit = {
  code: UpstreamErrorCode;
  httpStatus?: number;
  retryAfterSeconds?: number;
  upstreamCode?: string;
  upstreamMessage?: string;
  shape?: ErrorBodyShape;
  details?: unknown;
  cause?: unknown;
  /** We refused it ourselves before sending (the fleet's budget is spent or upstream paused us). */
  notSent?: boolean;
};

export class UpstreamError extends Error implements AnswersHttp {
  readonly code: UpstreamErrorCode;
  readonly httpStatus?: number;
  readonly userMessage: string;
  readonly retryAfterSeconds?: number;
  readonly upstreamCode?: string;
  readonly upstreamMessage?: string;
  readonly shape: ErrorBodyShape;
  readonly details?: unknown;
  readonly notSent: boolean;

  constructor(init: UpstreamErrorInit) {
    super(
      `${init.code}${init.httpStatus ? ` (HTTP ${init.httpStatus})` : ""}${init.upstreamMessage ? `: ${init.upstreamMessage}` : ""}`,
      {
        cause: init.cause,
      },
    );
    this.name = "UpstreamError";
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.userMessage = messageOf(init.code);
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.upstreamCode = init.upstreamCode;
    this.upstreamMessage = init.upstreamMessage;
    this.shape = init.shape ?? "none";
    this.details = init.details;
    this.notSent = init.notSent ?? false;
  }

  /** A refusal upstream gave before doing anything (so a non-idempotent call surely did not happen). */
  get isDefiniteRefusal(): boolean {
    if (this.notSent) return true;
    return this.httpStatus !== undefined && (this.httpStatus < 500 || this.httpStatus === 503);
  }

  /** What our API answers for it (lib/http/errors.ts): upstream's English message never reaches the browser. */
  toHttpAnswer(): HttpAnswer {
    const limited = ERROR_CODES[this.code].status === 429;
    return {
      code: this.code,
      message: this.userMessage,
      ...(limited ? { retryAfterSeconds: this.retryAfterSeconds ?? 60 } : {}),
    };
  }

  /** Log-safe summary: codes and upstream's message, never request or response bodies. */
  toLog() {
    return {
      code: this.code,
      httpStatus: this.httpStatus,
      shape: this.shape,
      upstreamCode: this.upstreamCode,
      upstreamMessage: this.upstreamMessage,
      retryAfterSeconds: this.retryAfterSeconds,
      ...(this.notSent ? { notSent: true } : {}),
    };
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

export function codeForStatus(status: number): UpstreamErrorCode {
  if (status === 400) return "UPSTREAM_INVALID_REQUEST";
  if (status === 401 || status === 403) return "UPSTREAM_UNAUTHORIZED";
  if (status === 404) return "UPSTREAM_NOT_FOUND";
  if (status === 422) return "UPSTREAM_UNPROCESSABLE";
  if (status === 429) return "UPSTREAM_RATE_LIMITED";
  if (status === 503) return "UPSTREAM_UNAVAILABLE";
  if (status === 502 || status === 504) return "UPSTREAM_BAD_GATEWAY";
  if (status >= 500) return "UPSTREAM_SERVER_ERROR";
  // Any other 4xx: treat as a request upstream refused.
  return status >= 400 ? "UPSTREAM_INVALID_REQUEST" : "UPSTREAM_BAD_RESPONSE";
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** Seconds from the body's retryAfter (any shape, also inside B's details) or the Retry-After header. */
function retryAfterOf(body: unknown, header: string | null): number | undefined {
  const candidates: unknown[] = [];
  if (isObject(body)) {
    candidates.push(body.retryAfter);
    if (isObject(body.error) && isObject(body.error.details))
      candidates.push(body.error.details.retryAfter);
  }
  candidates.push(header);
  for (const c of candidates) {
    const n =
      typeof c === "number"
        ? c
        : typeof c === "string" && /^\d+(\.\d+)?$/.test(c.trim())
          ? Number(c)
          : NaN;
    if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
  }
  return undefined;
}

/**
 * Builds the error for a non-2xx answer. `body` is the parsed JSON, or the raw text when the body
 * was not JSON (e.g. an nginx 502 page), or undefined when empty.
 */
export function parseUpstreamErrorBody(
  status: number,
  body: unknown,
  retryAfterHeader: string | null = null,
): UpstreamError {
  const code = codeForStatus(status);
  const retryAfterSeconds = status === 429 ? retryAfterOf(body, retryAfterHeader) : undefined;
  if (typeof body === "string" || body === undefined) {
    return new UpstreamError({
      code,
      httpStatus: status,
      retryAfterSeconds,
      shape: body ? "non-json" : "none",
    });
  }
  if (isObject(body) && isObject(body.error)) {
    // Shape B: {success:false, error:{code, message, details}}
    return new UpstreamError({
      code,
      httpStatus: status,
      retryAfterSeconds,
      shape: "B",
      upstreamCode: str(body.error.code),
      upstreamMessage: str(body.error.message),
      details: body.error.details,
    });
  }
  if (isObject(body) && typeof body.error === "string") {
    // Shape C carries statusCode and a reason phrase; shape A an UPPER_SNAKE code.
    const shape = typeof body.statusCode === "number" ? "C" : "A";
    return new UpstreamError({
      code,
      httpStatus: status,
      retryAfterSeconds,
      shape,
      upstreamCode: body.error,
      upstreamMessage: str(body.message),
    });
  }
  return new UpstreamError({
    code,
    httpStatus: status,
    retryAfterSeconds,
    shape: "unknown-json",
    upstreamMessage: isObject(body) ? str(body.message) : undefined,
  });
}
