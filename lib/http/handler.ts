import "server-only";
import { moduleLogger } from "@/lib/log/logger";
import { requestIdFrom, runWithRequestId } from "@/lib/log/request-context";
import { observeRequest } from "@/lib/metrics/registry";
import { errorResponse } from "./errors";
import { assertJsonBody } from "./json-body";
import { assertSameOrigin } from "./origin";

// The glue every route handler shares: a request id for the logs (and the x-request-id answer
// header), the Origin check for state-changing routes, application/json for routes that read a
// JSON body (text/plain is what a cross-site form can send without a preflight), errors mapped to
// the contract's body, and one access-log line and the request metrics per request (the route
// pattern, never the path: it may hold a share token).

type RouteContext<P> = { params: Promise<P> };

const log = moduleLogger("http");

/** The request metric and the access-log line, under the route's pattern (never the path). */
export function recordRequest(name: string, status: number, started: number): void {
  observeRequest(name, status, started);
  log.info({ route: name, status, ms: Math.round(performance.now() - started) }, "request");
}

export function route<P extends Record<string, string> = Record<string, never>>(
  name: string,
  options: { stateChanging: boolean; jsonBody?: boolean },
  fn: (req: Request, params: P) => Promise<Response>,
) {
  return async (req: Request, ctx?: RouteContext<P>): Promise<Response> => {
    const requestId = requestIdFrom(req.headers.get("x-request-id"));
    return runWithRequestId(requestId, async () => {
      const started = performance.now();
      let res: Response;
      try {
        if (options.stateChanging) assertSameOrigin(req);
        if (options.jsonBody) assertJsonBody(req);
        res = await fn(req, ((await ctx?.params) ?? {}) as P);
      } catch (error) {
        res = errorResponse(error);
      }
      res.headers.set("x-request-id", requestId);
      recordRequest(name, res.status, started);
      return res;
    });
  };
}
