import "server-only";
import { env } from "@/lib/env";

// The only place the API key is attached to a request. (Issue 4 grows this into the typed client.)
export async function upstreamFetch(pathname: string, init: RequestInit & { timeoutMs?: number } = {}) {
  const { timeoutMs = env.upstreamTimeoutMs, headers, ...rest } = init;
  return fetch(`${env.upstreamBaseUrl}${pathname}`, {
    ...rest,
    headers: { "content-type": "application/json", accept: "application/json", ...headers, "x-api-key": env.upstreamApiKey },
    signal: rest.signal ?? AbortSignal.timeout(timeoutMs),
    cache: "no-store",
  });
}
