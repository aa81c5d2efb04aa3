import "server-only";
import http from "node:http";
import https from "node:https";
import { processSingleton } from "@/lib/server/singleton";

// One HTTP exchange with upstream on node:http, for http.ts only. Not `fetch`: undici builds web
// streams and headers objects for every call, which cost about 0.35 ms of CPU per request more
// than node:http on this host (docs/benchmarks.md, batch lookups); a batch of 500 sends 500.
// Sockets are kept alive and reused, as fetch did; Node's agent drops an idle one before the
// server's own Keep-Alive timeout hint ends.

export type TransportAnswer = { status: number; retryAfter: string | null; text: string };

/** A body larger than this is not read to the end: no answer in the spec comes near it. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

const agents = processSingleton("upstream.agents", () => ({
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
}));

/** Named as fetch named its errors, so callers tell a timeout from a network failure the same way. */
function timeoutError(ms: number): Error {
  const error = new Error(`no answer within ${ms} ms`);
  error.name = "TimeoutError";
  return error;
}

export function send(
  url: string,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
  },
): Promise<TransportAnswer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const body = init.body === undefined ? undefined : Buffer.from(init.body, "utf8");
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: init.method,
        agent: secure ? agents.https : agents.http,
        headers: body ? { ...init.headers, "content-length": String(body.length) } : init.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES)
            request.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          clearTimeout(timer);
          const retryAfter = response.headers["retry-after"];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        response.on("error", fail);
      },
    );
    // The whole exchange, body included, within timeoutMs (as AbortSignal.timeout bounded fetch).
    const timer = setTimeout(() => request.destroy(timeoutError(init.timeoutMs)), init.timeoutMs);
    function fail(error: Error): void {
      clearTimeout(timer);
      reject(error);
    }
    request.on("error", fail);
    request.end(body);
  });
}
