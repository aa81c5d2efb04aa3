import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIpFromHeaders } from "@/lib/http/client-ip";
import { headersOf, writeJson } from "@/lib/http/direct";
import { observeRequest } from "@/lib/metrics/registry";
import type { DirectRoute } from "@/lib/server/direct-routes";
import { MAX_BODY_CHARS } from "./ingest";
import { answerWebhook, dispatchPendingWebhooks } from "./receive";
import { webhookLog } from "./logger";

// POST /api/webhooks/uvvi/{secret} on Node's request and response, without Next: the production
// path (lib/server/direct-routes.ts). Next's handling of a request cost more CPU than verifying,
// storing and applying a delivery (docs/benchmarks.md), and the upstream's largest account sends
// 84 a second. Same answers, headers and after-answer dispatch as the route in app/.

const PREFIX = "/api/webhooks/uvvi/";
const ROUTE = "POST /api/webhooks/uvvi/[secret]";
// At least MAX_BODY_CHARS + 1 UTF-16 units whatever the encoding (a UTF-8 byte sequence of n bytes
// is at least n/3 units), so a cut body is still refused as too large, without holding more.
const MAX_BODY_BYTES = 3 * (MAX_BODY_CHARS + 1);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size >= MAX_BODY_BYTES) return; // read to the end, keep no more
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
    // The sender hung up before the whole body came: nothing is stored, nothing to answer.
    req.on("close", () => req.complete || reject(new Error("webhook request aborted")));
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, secret: string): Promise<void> {
  const started = performance.now();
  let answer;
  try {
    answer = await answerWebhook({
      secret,
      sourceAddress: () => clientIpFromHeaders(headersOf(req)),
      text: () => readBody(req),
    });
  } catch (error) {
    // The route's answer for an error it did not expect (lib/server/serve.ts writes it).
    webhookLog.error({ err: error }, "webhook request failed");
    throw error;
  }
  writeJson(req, res, PREFIX, answer);
  observeRequest(ROUTE, answer.status, started);
  // After the answer, as the route's after(): the stored row is the durable inbox.
  if (answer.stored) void dispatchPendingWebhooks();
}

export const webhookDirectRoute: DirectRoute = { method: "POST", prefix: PREFIX, handle };
