import { CLIENT_IP_HEADER, limitKey, normalizeAddress } from "@/lib/security/client-address";

// The client address for rate limits and the webhook allowlist: only the header our own server
// (lib/server/serve.ts) sets on every request from the socket and TRUST_PROXY, never
// X-Forwarded-For, X-Real-IP or Forwarded, which a client writes. Without that header (a route
// handler called in-process, or `next dev`) every request shares one fixed key: it fails closed,
// one bucket for everybody, never one bucket per made-up address.

export const UNKNOWN_CLIENT = "unknown-client";

export function clientIp(req: Request): string {
  return clientIpFromHeaders(req.headers);
}

/** The same for a page, which gets the request's headers (next/headers) but no Request. */
export function clientIpFromHeaders(headers: Pick<Headers, "get">): string {
  const value = headers.get(CLIENT_IP_HEADER)?.trim();
  return value ? normalizeAddress(value) : UNKNOWN_CLIENT;
}

/** What per-client limits count under: the address, or an IPv6 address's /64 (client-address.ts). */
export function clientKey(req: Request): string {
  return limitKey(clientIp(req));
}

export function clientKeyFromHeaders(headers: Pick<Headers, "get">): string {
  return limitKey(clientIpFromHeaders(headers));
}
