import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// The spec names three error body shapes without saying which endpoint uses which. The sandbox's
// decision (README, "Sandbox decisions"):
//   Shape A  {success:false, error:CODE, message}            /api/v1/* (enrichment, health) and 401 everywhere
//   Shape B  {success:false, error:{code,message,details}}   /uvvi/v1/* business and validation errors
//   Shape C  {success:false, error:<reason phrase>, message, statusCode}
//                                                              transport-level errors: malformed JSON,
//                                                              unknown path, 500 and 503 faults
// 429 carries retryAfter (seconds): shape A with RATE_LIMIT_EXCEEDED on /api/v1/*, shape C with
// "Too Many Requests" on /uvvi/v1/*.

export type ErrorCode =
  | "INVALID_REQUEST"
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "VALIDATION_ERROR"
  | "RATE_LIMIT_EXCEEDED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_ERROR";

const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function reasonPhrase(status: number): string {
  return REASON[status] ?? "Error";
}

export function errorA(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return c.json({ success: false, error: code, message, ...extra }, status);
}

export function errorB(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
) {
  return c.json({ success: false, error: { code, message, details } }, status);
}

export function errorC(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return c.json(
    { success: false, error: reasonPhrase(status), message, statusCode: status, ...extra },
    status,
  );
}
