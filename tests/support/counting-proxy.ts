import http from "node:http";
import type net from "node:net";

// Counts what the storefront sends upstream: a reverse proxy in front of the sandbox that records
// every request (method, path, arrival time, body prefix) before forwarding it. Used by
// bench:polling (tests/bench/lib/app-instance.ts) and tests/integration/status-budget.test.ts.

export type UpstreamCall = { method: string; path: string; at: number; body: string };

/** Counting reverse proxy to the sandbox (loopback only). */
export function startCountingProxy(
  target: string,
  calls: UpstreamCall[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      calls.push({
        method: req.method ?? "GET",
        path: (req.url ?? "/").split("?")[0]!,
        at: Date.now(),
        body: body.toString("utf8").slice(0, 500),
      });
      const upstreamReq = http.request(
        {
          host: t.hostname,
          port: t.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: t.host },
        },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on("error", () => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end("proxy error");
      });
      upstreamReq.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
