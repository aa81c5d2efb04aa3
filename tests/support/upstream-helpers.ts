import { CLIENT_IP_HEADER } from "@/lib/security/client-address";
import { TEST_API_KEY, type TestEnvironment } from "./test-env";

// Fault injection and request builders shared by the upstream-client integration tests.

export type FaultBody = {
  path: string;
  method?: string;
  fault:
    | "rate-limit"
    | "server-error"
    | "unavailable"
    | "bad-gateway-html"
    | "slow"
    | "hang"
    | "late-create";
  times?: number;
  retryAfter?: number;
  delayMs?: number;
  shape?: "A" | "B" | "C";
};

export async function armFault(env: TestEnvironment, body: FaultBody): Promise<void> {
  const res = await fetch(`${env.sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`arming fault failed: ${res.status} ${await res.text()}`);
}

export async function clearFaults(env: TestEnvironment): Promise<void> {
  await fetch(`${env.sandbox.url}/__sandbox/faults`, {
    method: "DELETE",
    headers: { "x-api-key": TEST_API_KEY },
  });
}

export const ORIGIN = "http://localhost:3999"; // PUBLIC_BASE_URL in test-env.ts

/** A request as a browser on our own origin sends it to a route handler. */
export function apiRequest(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    origin?: string | null;
    ip?: string;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    host: "localhost:3999",
  };
  if (init.origin !== null) headers.origin = init.origin ?? ORIGIN;
  // The address our server (lib/server/serve.ts) resolved from the socket; in-process calls set it here.
  if (init.ip) headers[CLIENT_IP_HEADER] = init.ip;
  Object.assign(headers, init.headers);
  if (init.cookie !== undefined) headers.cookie = init.cookie;
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? "POST",
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

export const params = <P extends Record<string, string>>(p: P) => ({ params: Promise.resolve(p) });
