// The production server (scripts/start.ts runs it instead of `next start`): Next's request handler
// behind node:http, so the client address comes from the socket (route handlers never see it)
// and through exactly the proxy hops TRUST_PROXY names. Graceful on SIGTERM for rolling deploys.
// A route registered in ./direct-routes.ts is answered here without Next (production only).
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { CLIENT_IP_HEADER, compileTrust, resolveClientAddress } from "../security/client-address";
import { loadEnv } from "../env/load";
import { type ErrorBody, messageOf, statusOf } from "../errors/codes";
import { traceRequest } from "../tracing/http-server";
import { startTracing, stopTracing } from "../tracing/start";
import { directRouteFor } from "./direct-routes";
import { runShutdownHooks } from "./shutdown";
import { servePrecompressed } from "./static-files";

/** In-flight requests get this long after SIGTERM; the load balancer has stopped sending new ones. */
const DRAIN_MS = 20_000;
const HOOKS_MS = 10_000;

const env = loadEnv();
const dev = process.argv.includes("--dev");
const trust = compileTrust(env.trustProxy);
const staticDir = path.join(env.nextDistDir, "static");
// The same answer route() gives for an error it did not expect.
const INTERNAL_ERROR_BODY: ErrorBody = {
  error: { code: "INTERNAL_ERROR", message: messageOf("INTERNAL_ERROR") },
};
const say = (message: string) => console.log(`[server] ${message}`);

/**
 * Compiled into the production folder (npm run build:dist) there is no next.config.ts to load (nor
 * TypeScript to load it with): the build wrote its resolved configuration beside itself, as Next's
 * own standalone server.js reads it. In the source tree Next loads next.config.ts as usual.
 */
function builtConfig(): Record<string, unknown> | undefined {
  if (dev || existsSync("next.config.ts")) return undefined;
  const file = path.join(env.nextDistDir, "required-server-files.json");
  const text = readFileSync(file, "utf8");
  const config = (JSON.parse(text) as { config: Record<string, unknown> }).config;
  // Next's workers load the configuration again by themselves: this is where they look first.
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  return config;
}

const server = createServer();
// Node closes an idle keep-alive socket after 5 s, and a client that sends its next request on it
// at that moment gets "socket hang up" (ECONNRESET): a request lost that was never received
// (seen in the e2e suite, a GET a few seconds after the page's last call). Idle sockets stay open
// longer than the common proxies' idle timeout (60 s), so the proxy, not we, ends a keep-alive
// connection it might reuse. The header timer stays above it (a header timer shorter than the
// idle one cut reused sockets short in older Node) and below requestTimeout's 300 s.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const app = next({
  dev,
  dir: process.cwd(),
  hostname: "0.0.0.0",
  port: env.port,
  httpServer: server,
  conf: builtConfig() as never,
});
let draining = false;
let inFlight = 0;

function handleWith(handle: ReturnType<typeof app.getRequestHandler>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    // Always overwritten: whatever a client sent under this name is gone before Next sees it.
    req.headers[CLIENT_IP_HEADER] = resolveClientAddress(req, trust);
    if (draining) res.setHeader("connection", "close"); // no more requests on this keep-alive socket
    inFlight++;
    res.once("close", () => inFlight--);
    if (!dev && servePrecompressed(req, res, staticDir)) return;
    traceRequest(req, res, () => {
      const direct = dev ? undefined : directRouteFor(req.method, req.url);
      return (direct ? direct.route.handle(req, res, direct.segment) : handle(req, res)).catch(
        (error: unknown) => {
          console.error("[server] request failed", error instanceof Error ? error.message : error);
          if (!res.headersSent)
            res.writeHead(statusOf("INTERNAL_ERROR"), { "content-type": "application/json" });
          res.end(JSON.stringify(INTERNAL_ERROR_BODY));
        },
      );
    });
  };
}

async function drain(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  say(`${signal}: not accepting connections; ${inFlight} request(s) in flight`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = Date.now() + DRAIN_MS;
  while (inFlight > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    server.closeIdleConnections();
  }
  if (inFlight > 0)
    say(`${inFlight} request(s) still running after ${DRAIN_MS / 1000}s: closing them`);
  server.closeAllConnections();
  await closed;
  const hooks = await runShutdownHooks(HOOKS_MS);
  say(`shutdown hooks done (${hooks.failed} failed, ${hooks.timedOut} timed out); exiting`);
  await app.close().catch(() => undefined);
  await stopTracing(); // last: the spans of the drain itself go too
  process.exit(0);
}

async function main(): Promise<void> {
  // Before prepare(): Next's instrumentation starts the background work, whose spans need it on.
  if (env.tracing) {
    await startTracing(env.tracing);
    say(`tracing: spans to ${new URL(env.tracing.url).origin} (OTLP/HTTP)`);
  }
  await app.prepare();
  // No upgrade handler of ours: the storefront has no websockets (dev's HMR is Next's, via httpServer).
  server.on("request", handleWith(app.getRequestHandler()));
  server.listen(env.port, () =>
    say(
      `listening on :${env.port} (${dev ? "dev" : "production"}; TRUST_PROXY ${JSON.stringify(env.trustProxy)})`,
    ),
  );
  // on, not once: a second SIGTERM (the start script's, after the group's) must not kill us mid-drain.
  process.on("SIGTERM", () => void drain("SIGTERM"));
  process.on("SIGINT", () => void drain("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("[server] could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
