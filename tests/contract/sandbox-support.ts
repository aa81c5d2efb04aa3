// Shared harness for the sandbox contract tests: a real sandbox over HTTP and a local webhook
// receiver that records every delivery and can be told to fail or be slow.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from "@/lib/sandbox/server";
import { sleep } from "../support/time";

// Response bodies are checked with expect(...), not through types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type ApiResult = { status: number; json: Json; text: string; headers: Headers; ms: number };

export type ApiInit = {
  method?: string;
  body?: unknown;
  rawBody?: string;
  key?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export function client(baseUrl: string, defaultKey: string) {
  return async function api(path: string, init: ApiInit = {}): Promise<ApiResult> {
    const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
    const key = init.key === undefined ? defaultKey : init.key;
    if (key !== null) headers["x-api-key"] = key;
    const started = performance.now();
    const res = await fetch(baseUrl + path, {
      method:
        init.method ?? (init.body !== undefined || init.rawBody !== undefined ? "POST" : "GET"),
      headers,
      body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
      signal: init.signal,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: res.status,
      json,
      text,
      headers: res.headers,
      ms: performance.now() - started,
    };
  };
}

export type Received = { body: Json; at: number; headers: IncomingMessage["headers"] };
export type Behaviour = (n: number, body: Json) => { status: number; delayMs?: number };

export type Receiver = {
  url: string;
  received: Received[];
  behave(fn: Behaviour): void;
  waitFor(pred: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let behaviour: Behaviour = () => ({ status: 200 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body: unknown = JSON.parse(raw);
      received.push({ body, at: performance.now(), headers: req.headers });
      const { status, delayMs = 0 } = behaviour(received.length, body);
      setTimeout(() => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ received: status === 200 }));
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/uvvi`,
    received,
    behave: (fn) => (behaviour = fn),
    async waitFor(pred, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find(pred);
        if (hit) return hit;
        if (Date.now() > deadline)
          throw new Error(`no matching webhook within ${timeoutMs} ms (got ${received.length})`);
        await sleep(10);
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export { sleep };

export const TEST_KEYS = [
  "sk_test_contract_a",
  "sk_test_contract_b",
  "sk_test_contract_c",
  "sk_test_contract_d",
];

/** A sandbox with no simulated latency and several test keys. */
export function startTestSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    latencyScale: 0,
    timeScale: 1 / 3000,
    apiKeys: TEST_KEYS,
    ...opts,
  });
}
