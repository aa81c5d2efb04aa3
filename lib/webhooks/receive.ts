import "server-only";
import { clientIp } from "@/lib/http/client-ip";
import { codeBody, jsonResponse } from "@/lib/http/errors";
import { dispatchPendingWebhooks } from "./dispatch";
import { ingestWebhook } from "./ingest";
import { secretMatches, sourceIpAllowed } from "./verify";

// The whole webhook request, minus its transport: verify, store, answer. Two transports use it: the
// Next route (app/api/webhooks/uvvi/[secret], which adds the after() hook) and our server's direct
// route (./direct-route.ts, the production path, without Next's per-request work).
// Answers: wrong secret 404 (as if the path did not exist); source IP not allowed 403; malformed
// 400 (logged, nothing stored); stored, duplicate or unknown type 200 {received:true}, only after
// COMMIT; database unavailable 503, so the upstream retries (15, 60, 90 min). Refusals use the
// codes of lib/errors/codes.ts (NOT_FOUND, FORBIDDEN, INVALID_EVENT, STORE_UNAVAILABLE) and their statuses.

export type Answer = { status: number; body: unknown; stored: boolean };

/** The request as either transport sees it: the source address and the body are read only when needed. */
export type Delivery = { secret: string; sourceAddress(): string; text(): Promise<string> };

export async function answerWebhook(delivery: Delivery): Promise<Answer> {
  if (!secretMatches(delivery.secret)) return { ...codeBody("NOT_FOUND"), stored: false };
  if (!sourceIpAllowed(delivery.sourceAddress)) return { ...codeBody("FORBIDDEN"), stored: false };
  const result = await ingestWebhook(await delivery.text());
  switch (result.kind) {
    case "stored":
      return { status: 200, body: { received: true }, stored: true };
    case "duplicate":
      return { status: 200, body: { received: true, duplicate: true }, stored: false };
    case "invalid":
      return { ...codeBody("INVALID_EVENT", { issues: result.issues }), stored: false };
    case "unavailable":
      return { ...codeBody("STORE_UNAVAILABLE"), stored: false };
  }
}

export type Received = { response: Response; stored: boolean };

/** answerWebhook() for a route handler's Request. */
export async function receiveWebhook(secret: string, request: Request): Promise<Received> {
  const { status, body, stored } = await answerWebhook({
    secret,
    sourceAddress: () => clientIp(request),
    text: () => request.text(),
  });
  return { response: jsonResponse(body, status), stored };
}

export { dispatchPendingWebhooks };
