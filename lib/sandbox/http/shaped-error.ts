import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorA, errorC, type ErrorCode } from "./errors";

export type Shape = "A" | "B" | "C";

/** The documented per-path decision (see errors.ts), for errors not raised by a route itself. */
export function defaultShape(path: string, status: number): Shape {
  const api = path.startsWith("/api/v1/");
  if (status === 429) return api ? "A" : "C";
  if (status >= 500) return "C";
  return api ? "A" : "B";
}

/**
 * One error in a chosen shape. `extra` (e.g. retryAfter) goes at top level in A and C and both at
 * top level and in details in B, so a client reading `retryAfter` finds it in every shape.
 */
export function shapedError(
  c: Context,
  status: ContentfulStatusCode,
  shape: Shape,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  if (shape === "A") return errorA(c, status, code, message, extra);
  if (shape === "C") return errorC(c, status, message, extra);
  return c.json({ success: false, error: { code, message, details: extra }, ...extra }, status);
}

/** 429 with retryAfter (integer seconds) and the matching Retry-After header. */
export function rateLimited(c: Context, retryAfter: number, shape?: Shape): Response {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  c.header("Retry-After", String(seconds));
  return shapedError(
    c,
    429,
    shape ?? defaultShape(c.req.path, 429),
    "RATE_LIMIT_EXCEEDED",
    "Rate limit exceeded, retry later",
    {
      retryAfter: seconds,
    },
  );
}
