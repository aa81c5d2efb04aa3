import "server-only";
import { lookup } from "node:dns/promises";
import {
  addressAllowed,
  addressKind,
  checkWebhookUrl,
  isIpLiteral,
  type WebhookMode,
} from "@/lib/rules/webhook-address";

// A webhook URL's host resolved and checked (lib/rules/webhook-address.ts), at registration and at
// every send. EVERY address the name resolves to must be allowed, and the send connects to the one
// checked here (./send.ts pins it), so a name that answers differently a moment later (DNS
// rebinding) cannot turn a checked URL into a request to the private network.

export type ResolvedUrl = {
  url: URL;
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
};

export type AddressRefusal = "INVALID_URL" | "HTTPS_REQUIRED" | "ADDRESS_REFUSED" | "DNS_FAILED";

export async function resolveWebhookUrl(
  text: string,
  mode: WebhookMode,
): Promise<{ ok: true; target: ResolvedUrl } | { ok: false; reason: AddressRefusal }> {
  const checked = checkWebhookUrl(text, mode);
  if (!checked.ok) return checked;
  const { url, host, port } = checked;
  if (isIpLiteral(host))
    return {
      ok: true,
      target: { url, host, port, address: host, family: host.includes(":") ? 6 : 4 },
    };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: "DNS_FAILED" };
  }
  if (addresses.length === 0) return { ok: false, reason: "DNS_FAILED" };
  if (addresses.some((a) => !addressAllowed(addressKind(a.address), mode)))
    return { ok: false, reason: "ADDRESS_REFUSED" };
  const first = addresses[0]!;
  return {
    ok: true,
    target: { url, host, port, address: first.address, family: first.family === 6 ? 6 : 4 },
  };
}
