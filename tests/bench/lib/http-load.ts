// Load over keep-alive HTTP spread over several instances, as a load balancer with persistent
// connections would: closed loop (each connection sends its next request when the last is
// answered: capacity) and paced (requests sent at a fixed rate whatever the answers: latency at a
// given load). Plain node:http, so the generator costs little CPU beside the servers it measures.
import http from "node:http";
import { percentile } from "./paced-pollers";

export type LoadRequest = { method: "GET" | "POST"; path: string; body?: string };
export type LoadResult = {
  requests: number;
  ok: number;
  failed: number;
  statuses: Record<number, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
};

const TIMEOUT_MS = 30_000;

/** One request; status 0 when it failed or timed out. */
function send(
  agent: http.Agent,
  base: URL,
  req: LoadRequest,
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const headers =
      req.body === undefined
        ? {}
        : { "content-type": "application/json", "content-length": Buffer.byteLength(req.body) };
    const r = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        agent,
        headers,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    r.on("timeout", () => r.destroy(new Error("timeout")));
    r.on("error", () => resolve({ status: 0, ms: performance.now() - t0 }));
    r.end(req.body);
  });
}

function collector() {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  return {
    add(a: { status: number; ms: number }) {
      latencies.push(a.ms);
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    },
    result(): LoadResult {
      const seconds = (performance.now() - started) / 1000;
      const sorted = latencies.sort((x, y) => x - y);
      const ok = Object.entries(statuses)
        .filter(([s]) => Number(s) >= 200 && Number(s) < 300)
        .reduce((n, [, c]) => n + c, 0);
      return {
        requests: sorted.length,
        ok,
        failed: sorted.length - ok,
        statuses,
        seconds,
        perSecond: sorted.length / seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
    },
  };
}

/** `connections` closed-loop connections, connection k to targets[k % n], until `count` requests or `durationMs`. */
export async function closedLoop(opts: {
  targets: string[];
  connections: number;
  count?: number;
  durationMs?: number;
  request: (i: number) => LoadRequest;
}): Promise<LoadResult> {
  const bases = opts.targets.map((t) => new URL(t));
  const out = collector();
  const until = performance.now() + (opts.durationMs ?? Infinity);
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, k) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = next++; i < (opts.count ?? Infinity) && performance.now() < until; i = next++)
        out.add(await send(agent, bases[k % bases.length]!, opts.request(i)));
      agent.destroy();
    }),
  );
  return out.result();
}

/** `count` requests at `ratePerSecond`, round-robin over the targets, each sent when due, answered or not. */
export async function paced(opts: {
  targets: string[];
  ratePerSecond: number;
  count: number;
  request: (i: number) => LoadRequest;
}): Promise<LoadResult> {
  const bases = opts.targets.map((t) => new URL(t));
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const out = collector();
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (sent < opts.count) {
    const elapsed = performance.now() - started;
    // Every request due by now (a late timer sends the ones it missed at once, as an open load would).
    for (
      const due = Math.min(opts.count, Math.floor((elapsed / 1000) * opts.ratePerSecond) + 1);
      sent < due;
      sent++
    ) {
      const t = sent % bases.length;
      inFlight.push(send(agents[t]!, bases[t]!, opts.request(sent)).then((a) => out.add(a)));
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inFlight);
  for (const a of agents) a.destroy();
  return out.result();
}
