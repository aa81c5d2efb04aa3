import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { SandboxContext, SandboxOptions } from "./context";
import { createSandboxApp } from "./app";

export type StartSandboxOptions = Partial<SandboxOptions> & { port?: number; host?: string };

export type RunningSandbox = {
  url: string;
  port: number;
  ctx: SandboxContext;
  close(): Promise<void>;
};

/** Starts the sandbox over HTTP. port 0 picks a free port (tests). */
export function startSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { port = 4010, host = "127.0.0.1", ...options } = opts;
  const sandbox = createSandboxApp(options);
  return new Promise((resolve, reject) => {
    // Leave Node's global Request/Response alone: the sandbox may share a process with the
    // storefront (npm run dev) or with tests.
    const server = serve(
      { fetch: sandbox.app.fetch, port, hostname: host, overrideGlobalObjects: false },
      (info: AddressInfo) => {
        const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
        resolve({
          url: `http://${urlHost}:${info.port}`,
          port: info.port,
          ctx: sandbox.ctx,
          close: () =>
            new Promise<void>((done) => {
              sandbox.close();
              const http = server as Server;
              http.close(() => done());
              // Hanging faults and keep-alive sockets must not hold shutdown open.
              http.closeAllConnections?.();
            }),
        });
      },
    );
    server.once("error", reject);
  });
}
