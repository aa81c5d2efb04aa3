// Where a webhook out may go (docs/api-webhooks.md, "Addresses"): the URL's form and the class of
// every address its host resolves to. Pure: lib/api-events resolves the name and pins the checked
// address, at registration and again at each send, so a name that later resolves elsewhere (DNS
// rebinding) is refused then.

export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "cgnat"
  | "multicast"
  | "unspecified"
  | "reserved"
  | "invalid";

/** The deployment's upstream mode: `live` (an sk_live_ key) or `test`. */
export type WebhookMode = "test" | "live";

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** Eight 16-bit groups, or null. Accepts "::" and a dotted IPv4 tail (::ffff:10.0.0.1). */
function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  if (s.includes("%")) return null; // a zone id names an interface: never a webhook's address
  // A dotted IPv4 tail stands for the last two groups: rewrite it as them.
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    s = `${s.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const group = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const head = halves[0] ? halves[0].split(":").map(group) : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":").map(group) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const zeros = 8 - head.length - rest.length;
  if (zeros < 1) return null;
  return [...head, ...Array<number>(zeros).fill(0), ...rest];
}

function classifyIpv4([a, b, c]: number[]): AddressKind {
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 169 && b === 254) return "link-local";
  if (a === 100 && b! >= 64 && b! <= 127) return "cgnat";
  if (a! >= 224 && a! <= 239) return "multicast";
  if (a! >= 240) return "reserved"; // incl. 255.255.255.255
  // IETF protocol assignments, documentation and benchmarking ranges.
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return "reserved";
  if (a === 198 && (b === 18 || b === 19)) return "reserved";
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113))
    return "reserved";
  return "public";
}

function classifyIpv6(g: number[]): AddressKind {
  const v4 = (i: number) => [g[i]! >> 8, g[i]! & 255, g[i + 1]! >> 8, g[i + 1]! & 255];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address inside.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyIpv4(v4(6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return classifyIpv4(v4(6));
  if (zeroUpTo(6)) return "reserved"; // IPv4-compatible, deprecated
  if ((g[0]! & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0]! & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0]! & 0xffc0) === 0xfec0) return "private"; // site-local, deprecated
  if ((g[0]! & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  return "public";
}

/** The class of one IP address in text (IPv4 dotted, or IPv6 with or without brackets). */
export function addressKind(address: string): AddressKind {
  const v4 = parseIpv4(address);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(address);
  return v6 ? classifyIpv6(v6) : "invalid";
}

/** Whether `address` is an IP literal (not a name to resolve). */
export const isIpLiteral = (address: string): boolean =>
  parseIpv4(address) !== null || parseIpv6(address) !== null;

/**
 * Which addresses a webhook may reach. Live: public ones only. Test: public ones and loopback (the
 * tests' and a developer's own receiver); private, link-local and the rest stay refused, since a
 * test deployment on a shared network must not be made to probe it either.
 */
export function addressAllowed(kind: AddressKind, mode: WebhookMode): boolean {
  return kind === "public" || (mode === "test" && kind === "loopback");
}

export type UrlCheck =
  | { ok: true; url: URL; host: string; port: number }
  | { ok: false; reason: "INVALID_URL" | "HTTPS_REQUIRED" | "ADDRESS_REFUSED" };

/** The URL's own form (before any name is resolved): scheme, no credentials, an allowed literal. */
export function checkWebhookUrl(text: string, mode: WebhookMode): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: "INVALID_URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, reason: "INVALID_URL" };
  if (url.username || url.password || !url.hostname || text.length > 2048)
    return { ok: false, reason: "INVALID_URL" };
  if (mode === "live" && url.protocol !== "https:") return { ok: false, reason: "HTTPS_REQUIRED" };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIpLiteral(host) && !addressAllowed(addressKind(host), mode))
    return { ok: false, reason: "ADDRESS_REFUSED" };
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  return { ok: true, url, host, port };
}
