import "server-only";
import { codeResponse, jsonResponse } from "@/lib/http/errors";
import { dispatchPendingWebhooks } from "./dispatch";
import { ingestWebhook } from "./ingest";
import { secretMatches, sourceIpAllowed } from "./verify";

// The whole webhook request, minus Next: verify, store, answer. The route adds the after() hook.
// Answers: wrong secret 404 (as if the path did not exist); source IP not allowed 403; malformed
// 400 (logged, nothing stored); stored, duplicate or unknown type 200 {received:true}, only after
// COMMIT; database unavailable 503, so the upstream retries (15, 60, 90 min). Refusals use the
// codes of lib/errors/codes.ts (NOT_FOUND, FORBIDDEN, INVALID_EVENT, STORE_UNAVAILABLE) and their statuses.

export type Received = { response: Response; stored: boolean };

export async function receiveWebhook(secret: string, request: Request): Promise<Received> {
  if (!secretMatches(secret)) return { response: codeResponse("NOT_FOUND"), stored: false };
  if (!sourceIpAllowed(request)) {
    return { response: codeResponse("FORBIDDEN"), stored: false };
  }
  const result = await ingestWebhook(await request.text());
  switch (result.kind) {
    case "stored":
      return { response: jsonResponse({ received: true }, 200), stored: true };
    case "duplicate":
      return { response: jsonResponse({ received: true, duplicate: true }, 200), stored: false };
    case "invalid":
      return { response: codeResponse("INVALID_EVENT", { issues: result.issues }), stored: false };
    case "unavailable":
      return { response: codeResponse("STORE_UNAVAILABLE"), stored: false };
  }
}

export { dispatchPendingWebhooks };
