import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { addressMatcher } from "@/lib/security/client-address";

// No signature exists (spec), so the URL's secret segment is the credential. Hashing both sides
// first gives equal-length buffers, so timingSafeEqual leaks neither the content nor the length.
const expectedDigest = createHash("sha256").update(env.webhookSecret).digest();

export function secretMatches(candidate: string): boolean {
  const digest = createHash("sha256").update(candidate).digest();
  return timingSafeEqual(digest, expectedDigest);
}

/**
 * Optional source-IP allowlist (WEBHOOK_IP_ALLOWLIST: IPv4/IPv6 addresses or CIDRs, comma-separated;
 * the upstream's support channel holds the list). Off when empty. The source is the same client
 * address the rate limits use (lib/http/client-ip.ts: the socket, or TRUST_PROXY's hops), matched
 * by proxy-addr (IPv4-mapped IPv6 included). Without our server's header it never matches.
 */
const allowed = addressMatcher(env.webhookIpAllowlist);

export function sourceIpAllowed(address: () => string): boolean {
  if (env.webhookIpAllowlist.length === 0) return true;
  return allowed(address());
}
