import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type RouteHandler = (
  request: Request,
  ctx: { params: Promise<{ secret: string }> },
) => Promise<Response>;

export type WebhookReceiver = {
  /** Base URL; the sandbox posts to `${url}/api/webhooks/uvvi/<secret>`. */
  url: string;
  /** "forward": hand the request to the route handler; "fail": answer 500 (a lost delivery). */
  mode: "forward" | "fail";
  close(): Promise<void>;
};

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: Buffer.concat(chunks),
  });
}

/**
 * A tiny HTTP server in front of the imported route handler, so the SANDBOX delivers real HTTP
 * webhooks to our real POST handler (Next's router is the only thing skipped).
 */
export async function startWebhookReceiver(POST: RouteHandler): Promise<WebhookReceiver> {
  const prefix = "/api/webhooks/uvvi/";
  let base = "";
  const receiver: WebhookReceiver = { url: "", mode: "forward", close: async () => {} };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (req.method !== "POST" || !path.startsWith(prefix)) {
        res.writeHead(404).end();
        return;
      }
      if (receiver.mode === "fail") {
        req.resume();
        res.writeHead(500, { "content-type": "application/json" }).end('{"error":"down"}');
        return;
      }
      const secret = decodeURIComponent(path.slice(prefix.length));
      const response = await POST(await toRequest(req, base), {
        params: Promise.resolve({ secret }),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.url = base;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/**
 * Registers the receiver's route with the upstream (the sandbox forgets webhook URLs on reset,
 * which freshCheckout does): the sandbox then delivers its own events to our route.
 */
export async function registerReceiver(receiver: WebhookReceiver): Promise<void> {
  const { upstream } = await import("@/lib/upstream/client");
  const { TEST_WEBHOOK_SECRET } = await import("./test-keys");
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`);
}

/** Our payment row by its public reference, with its timeline in order. */
export async function paymentRowByRef(ref: string) {
  const { db } = await import("@/lib/db/client");
  return db.payment.findUniqueOrThrow({
    where: { publicRef: ref },
    include: { events: { orderBy: { at: "asc" } } },
  });
}

/**
 * The production path instead (lib/server/serve.ts's direct routes, no Next): a server that hands
 * each request to the route registered for it, with the client address header our server sets
 * (`source`, or the socket's). Registers the webhook's direct route first.
 */
export async function startDirectReceiver(
  source?: (req: IncomingMessage) => string,
): Promise<{ url: string; close(): Promise<void> }> {
  const { CLIENT_IP_HEADER } = await import("@/lib/security/client-address");
  const { directRouteFor, registerDirectRoute } = await import("@/lib/server/direct-routes");
  const { webhookDirectRoute } = await import("@/lib/webhooks/direct-route");
  registerDirectRoute(webhookDirectRoute);
  const server = createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = source?.(req) ?? req.socket.remoteAddress ?? "";
    const found = directRouteFor(req.method, req.url);
    if (!found) return void res.writeHead(404).end();
    found.route
      .handle(req, res, found.segment)
      .catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
