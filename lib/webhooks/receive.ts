import "server-only";
import { dispatchPendingWebhooks } from "./dispatch";
import { ingestWebhook } from "./ingest";
import { secretMatches, sourceIpAllowed } from "./verify";

// The whole webhook request, minus Next: verify, store, answer. The route adds the after() hook.
// Answers: wrong secret 404 (as if the path did not exist); source IP not allowed 403; malformed
// 400 (logged, nothing stored); stored, duplicate or unknown type 200 {received:true}, only after
// COMMIT; database unavailable 503, so the upstream retries (15, 60, 90 min).

export type Received = { response: Response; stored: boolean };

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

export async function receiveWebhook(secret: string, request: Request): Promise<Received> {
  if (!secretMatches(secret)) return { response: json(404, { error: { code: "NOT_FOUND", message: "Não encontrado" } }), stored: false };
  if (!sourceIpAllowed(request)) {
    return { response: json(403, { error: { code: "FORBIDDEN", message: "Origem não permitida" } }), stored: false };
  }
  const result = await ingestWebhook(await request.text());
  switch (result.kind) {
    case "stored":
      return { response: json(200, { received: true }), stored: true };
    case "duplicate":
      return { response: json(200, { received: true, duplicate: true }), stored: false };
    case "invalid":
      return { response: json(400, { error: { code: "INVALID_EVENT", message: "Evento inválido", issues: result.issues } }), stored: false };
    case "unavailable":
      return { response: json(503, { error: { code: "STORE_UNAVAILABLE", message: "Tente novamente" } }), stored: false };
  }
}

export { dispatchPendingWebhooks };
