import type { IncomingMessage, ServerResponse } from "node:http";
import { processSingleton } from "./singleton";

// Routes our server (./serve.ts) answers itself, before Next's request handler: a hot machine
// route where Next's per-request work (its router, the proxy, a web Request and Response around
// Node's) costs more CPU than the route's own work (docs/benchmarks.md). A capability registers
// its route at start-up (lib/background/start.ts); until it has, and for every other request, Next
// answers as usual. The same route stays in app/ for `next dev` and for tests driving it directly.
// No server-only import: plain Node loads this too.

export type DirectRoute = {
  method: string;
  /** The path up to the one segment the route takes (e.g. "/api/webhooks/uvvi/"). */
  prefix: string;
  /** Answers the request; `segment` is the last path segment, decoded. Must end the response. */
  handle(req: IncomingMessage, res: ServerResponse, segment: string): Promise<void>;
};

const routes = processSingleton<Map<string, DirectRoute>>("server.direct-routes", () => new Map());

export function registerDirectRoute(route: DirectRoute): void {
  routes.set(`${route.method} ${route.prefix}`, route);
}

/** The route registered for this request and its segment; undefined leaves the request to Next. */
export function directRouteFor(
  method: string | undefined,
  url: string | undefined,
): { route: DirectRoute; segment: string } | undefined {
  if (routes.size === 0 || !method || !url) return undefined;
  const pathname = url.split("?", 1)[0]!;
  const cut = pathname.lastIndexOf("/") + 1;
  const route = routes.get(`${method} ${pathname.slice(0, cut)}`);
  const raw = pathname.slice(cut);
  if (!route || raw === "") return undefined;
  try {
    return { route, segment: decodeURIComponent(raw) };
  } catch {
    return undefined; // a malformed escape: Next's proxy answers it (MALFORMED_URL)
  }
}
