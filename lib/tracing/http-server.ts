import type { IncomingMessage, ServerResponse } from "node:http";
import { SpanStatusCode } from "@opentelemetry/api";
import { pathShape } from "./scrub";
import { SpanKind, startSpan, tracingOn, withSpan } from "./trace";

// One span per request our server receives (lib/server/serve.ts), pages, route handlers and our
// direct routes alike: the root of its trace (a client's traceparent is not taken: we are the
// edge, and a forged one would join our work to someone else's trace). It ends when the response
// does; Next's own spans and ours (upstream, database) nest inside it.

export function traceRequest(req: IncomingMessage, res: ServerResponse, run: () => void): void {
  if (!tracingOn()) return run();
  const method = req.method ?? "GET";
  const path = pathShape(req.url ?? "/");
  const span = startSpan(`${method} ${path}`, {
    kind: SpanKind.SERVER,
    root: true,
    attributes: { "http.request.method": method, "url.path": path },
  });
  res.once("close", () => {
    span.setAttribute("http.response.status_code", res.statusCode);
    if (!res.writableFinished) span.setAttribute("http.response.aborted", true);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  withSpan(span, run);
}
