import type { IncomingMessage, ServerResponse } from "node:http";
import { SpanStatusCode } from "@opentelemetry/api";
import { pathShape } from "./scrub";
import { SpanKind, startSpan, tracingOn, withSpan } from "./trace";

// One span per request our server receives (lib/server/serve.ts), pages, route handlers and our
// direct routes alike: the root of its trace (a client's traceparent is not taken: we are the
// edge, and a forged one would join our work to someone else's trace). Our spans (upstream,
// database) nest inside it. It ends when both the response has closed and the handler has
// returned: Next names the route's template on it (`http.route`) after the response is sent.

export function traceRequest(
  req: IncomingMessage,
  res: ServerResponse,
  run: () => Promise<unknown>,
): void {
  if (!tracingOn()) {
    void run();
    return;
  }
  const method = req.method ?? "GET";
  const path = pathShape(req.url ?? "/");
  const span = startSpan(`${method} ${path}`, {
    kind: SpanKind.SERVER,
    root: true,
    attributes: { "http.request.method": method, "url.path": path },
  });
  let open = 2;
  const finish = () => {
    if (--open === 0) span.end();
  };
  res.once("close", () => {
    span.setAttribute("http.response.status_code", res.statusCode);
    if (!res.writableFinished) span.setAttribute("http.response.aborted", true);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    finish();
  });
  // run() never rejects: serve.ts answers a failure itself.
  void withSpan(span, run).finally(finish);
}
