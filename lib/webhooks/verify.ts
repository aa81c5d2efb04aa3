import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// No signature exists (spec), so the URL's secret segment is the credential. Hashing both sides
// first gives equal-length buffers, so timingSafeEqual leaks neither the content nor the length.
const expectedDigest = createHash("sha256").update(env.webhookSecret).digest();

export function secretMatches(candidate: string): boolean {
  const digest = createHash("sha256").update(candidate).digest();
  return timingSafeEqual(digest, expectedDigest);
}

/**
 * Optional source-IP allowlist (WEBHOOK_IP_ALLOWLIST: IPs or IPv4 CIDRs, comma-separated; the
 * upstream's support channel holds the list). Off when empty. Next gives a route handler no socket
 * address, only X-Forwarded-For (which next start fills with the peer address when absent), so we
 * read its FIRST hop: deploy behind a proxy that overwrites X-Forwarded-For, or a client can forge it.
 */
export function sourceIpAllowed(headers: Headers): boolean {
  const allow = env.webhookIpAllowlist;
  if (allow.length === 0) return true;
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (!first) return false;
  const ip = first.replace(/^::ffff:/, "");
  return allow.some((entry) => (entry.includes("/") ? inCidr(ip, entry) : entry === ip));
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + Number(p), 0);
}

function inCidr(ip: string, cidr: string): boolean {
  const [range, bitsText] = cidr.split("/");
  const bits = Number(bitsText);
  const a = ipv4ToInt(ip);
  const b = ipv4ToInt(range ?? "");
  if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(a / size) === Math.floor(b / size);
}
