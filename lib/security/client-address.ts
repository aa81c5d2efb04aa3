import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

// How the client address is decided, in one place (no Next, no Prisma: the production server in
// lib/server/ and the route glue both import it). The server resolves the address from the socket,
// walking back through X-Forwarded-For only across the proxy hops the operator trusts
// (TRUST_PROXY), and hands it to Next in CLIENT_IP_HEADER, which it always overwrites. Forwarded,
// X-Real-IP and untrusted X-Forwarded-For entries are never read: a client chooses those.

/** Internal header: set by lib/server/serve.ts on every request; a client-sent copy never survives. */
export const CLIENT_IP_HEADER = "x-placa-client-ip";

/** TRUST_PROXY parsed: a hop count, or addresses/CIDRs/proxy-addr names (loopback, uniquelocal...). */
export type TrustProxySetting = number | string[];
export type TrustFn = (addr: string, hop: number) => boolean;

/** Throws on an entry proxy-addr does not understand (lib/env reports it at start). */
export function compileTrust(setting: TrustProxySetting): TrustFn {
  if (typeof setting === "number") return (_addr, hop) => hop < setting;
  return setting.length === 0 ? () => false : proxyaddr.compile(setting);
}

/** ::ffff:203.0.113.9 and 203.0.113.9 are one client: one limit key, one allowlist answer. */
export function normalizeAddress(addr: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(addr);
  return (mapped ? mapped[1]! : addr).toLowerCase();
}

/**
 * The key a per-client limit counts under. IPv4: the address. IPv6: its /64, because one
 * subscriber line or cloud host routinely holds a whole /64 and could take a fresh address per
 * request. Anything else (no address) is its own key.
 */
export function limitKey(addr: string): string {
  if (!addr.includes(":")) return addr;
  const hextets = expandIpv6(addr);
  return hextets
    ? `${hextets
        .slice(0, 4)
        .map((h) => h.replace(/^0+(?=.)/, ""))
        .join(":")}::/64`
    : addr;
}

/** The eight hextets of an IPv6 address (zone and embedded IPv4 tail handled); null when not IPv6. */
function expandIpv6(addr: string): string[] | null {
  let text = addr.split("%")[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text =
      text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  return all.every((h) => /^[0-9a-f]{1,4}$/.test(h)) ? all : null;
}

/** The client address of a raw Node request: the socket's, or the last untrusted hop. */
export function resolveClientAddress(req: IncomingMessage, trust: TrustFn): string {
  if (!req.socket.remoteAddress) return "";
  return normalizeAddress(proxyaddr(req, trust));
}

/** For the webhook allowlist: does `addr` fall in one of the entries (IPv4/IPv6, CIDR, mapped)? */
export function addressMatcher(entries: string[]): (addr: string) => boolean {
  const trust = compileTrust(entries);
  return (addr) => entries.length > 0 && trust(addr, 0);
}
