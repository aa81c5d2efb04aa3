// The one fetch the pages use: JSON in and out, and every non-2xx turned into an ApiError that
// carries the contract's error body ({ error: { code, message, fields? } }). Its code is one of
// lib/errors/codes.ts, or one the browser gives itself when no such body came back: NETWORK_ERROR
// (no answer at all) or HTTP_<status> (a proxy's page, say). A type-only import: the server sends
// only registered codes (the compiler and tests/unit/errors hold it), so the table's text stays
// out of the pages' JavaScript.

import type { Code } from "@/lib/errors/codes";

export type ApiErrorCode = Code | "NETWORK_ERROR" | `HTTP_${number}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// Shown when the answer is not the contract's error body (proxy page, network down).
const FALLBACK_MESSAGE =
  "Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.";

export async function fetchJson<T>(
  path: string,
  init?: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init?.method ?? "GET",
      headers:
        init?.body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init?.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", FALLBACK_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const err = body as
    | {
        error?: { code?: Code; message?: string; fields?: Record<string, string> };
        retryAfterSeconds?: number;
      }
    | undefined;
  throw new ApiError(
    response.status,
    err?.error?.code ?? `HTTP_${response.status}`,
    err?.error?.message ?? FALLBACK_MESSAGE,
    err?.error?.fields,
    err?.retryAfterSeconds,
  );
}

/** Message for any error a query or mutation threw. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_MESSAGE;
}
