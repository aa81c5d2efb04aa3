import "server-only";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { requestIdFrom, runWithRequestId } from "@/lib/log/request-context";
import { securityHeaders } from "@/lib/security/headers";
import { errorAnswer } from "./errors";
import { recordRequest } from "./handler";

// For the routes our server answers without Next (lib/server/direct-routes.ts): what proxy.ts
// gives every answer of the app (the security headers) and what route() (./handler.ts) gives a
// handler (a request id, errors mapped to the contract's body, one access-log line and the request
// metrics under the route's pattern), on Node's request and response.

export type JsonAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** Node's request headers behind the `get` of web Headers (what clientIpFromHeaders and the like read). */
export function headersOf(req: IncomingMessage): Pick<Headers, "get"> {
  return {
    get: (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === "string" ? value : (value?.join(", ") ?? null);
    },
  };
}

/** The headers proxy.ts sets, for a JSON answer that is never cached. */
function directHeaders(req: IncomingMessage, pathname: string): Record<string, string> {
  // A fresh nonce as proxy.ts makes one: the policy is the app's, whatever the answer holds.
  const nonce = randomBytes(16).toString("base64");
  const https = req.headers["x-forwarded-proto"] === "https";
  return {
    ...securityHeaders({ nonce, dev: env.nodeEnv === "development", https, pathname }),
    "content-type": "application/json",
    "cache-control": "no-store",
  };
}

export function writeJson(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  answer: JsonAnswer,
): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...directHeaders(req, pathname),
    ...answer.headers,
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * A route that reads no body and changes nothing, answered as route() answers one (no Origin check
 * to make): `fn` returns the body (status 200) or throws what errorResponse maps. `name` is the
 * route's pattern, as in app/ (metrics and logs, never the path, which may hold a token).
 */
export function directJsonRoute(
  name: string,
  fn: (req: IncomingMessage, segment: string) => Promise<unknown>,
) {
  return async (req: IncomingMessage, res: ServerResponse, segment: string): Promise<void> => {
    const requestId = requestIdFrom(headersOf(req).get("x-request-id"));
    await runWithRequestId(requestId, async () => {
      const started = performance.now();
      let answer: JsonAnswer;
      try {
        answer = { status: 200, body: await fn(req, segment) };
      } catch (error) {
        answer = errorAnswer(error);
      }
      const pathname = (req.url ?? "/").split("?", 1)[0]!;
      writeJson(req, res, pathname, {
        ...answer,
        headers: { ...answer.headers, "x-request-id": requestId },
      });
      recordRequest(name, answer.status, started);
    });
  };
}
