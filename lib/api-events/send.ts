import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { WEBHOOK_ANSWER_BYTES } from "@/lib/rules/webhook-delivery";
import { isIpLiteral, type WebhookMode } from "@/lib/rules/webhook-address";
import { resolveWebhookUrl } from "./address";
import { clock } from "@/lib/clock";

// One signed POST to an endpoint (Standard Webhooks: webhook-id, webhook-timestamp,
// webhook-signature). The host is resolved and checked now (./address.ts) and the connection made
// to that very address (a pinned `lookup`), SNI and Host kept as the URL's name. Redirects are not
// followed (node:http never does; a 3xx is a failure), the whole try is bounded by `timeoutMs`,
// and at most WEBHOOK_ANSWER_BYTES of the answer are read before the socket is closed.

export type SendResult = {
  /** The answer's HTTP status; undefined when there was none (`failure` says why). */
  status?: number;
  /**
   * Why there was no answer: TIMEOUT, the refusal of the address rule (ADDRESS_REFUSED,
   * HTTPS_REQUIRED, INVALID_URL, DNS_FAILED) or the socket's errno (ECONNREFUSED …). A transport
   * outcome for the delivery log, not one of our API's error codes (lib/errors).
   */
  failure?: string;
  /** The answer's first bytes (at most 1 KB), as text. */
  body: string | null;
  durationMs: number;
};

export type SendInput = {
  url: string;
  mode: WebhookMode;
  secret: string;
  eventId: string;
  payload: string;
  timeoutMs: number;
};

const connectionFailure = (error: unknown): string => {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof errno === "string" && /^[A-Z_]+$/.test(errno) ? errno : "CONNECTION_FAILED";
};

export async function sendEvent(input: SendInput): Promise<SendResult> {
  const started = Date.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({
    ...r,
    durationMs: Date.now() - started,
  });
  const resolved = await resolveWebhookUrl(input.url, input.mode);
  if (!resolved.ok) return done({ failure: resolved.reason, body: null });
  const { url, host, address, family } = resolved.target;
  const timestamp = clock.now();
  const signature = new Webhook(input.secret).sign(input.eventId, timestamp, input.payload);
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = transport.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        servername: isIpLiteral(host) ? undefined : host,
        agent: false,
        headers: {
          "content-type": "application/json",
          "user-agent": "PlacaPaga-Webhooks/1",
          "webhook-id": input.eventId,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () => {
          res.destroy();
          finish({
            status: res.statusCode,
            body: Buffer.concat(chunks).subarray(0, WEBHOOK_ANSWER_BYTES).toString("utf8"),
          });
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_ANSWER_BYTES) end();
        });
        res.on("end", end);
        res.on("error", end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ failure: "TIMEOUT", body: null });
    }, input.timeoutMs);
    req.on("error", (error) => finish({ failure: connectionFailure(error), body: null }));
    req.end(input.payload);
  });
}
