// Pollers as status pages make them: each has its own keep-alive connection (a browser tab), asks
// once every `intervalMs` (React Query's refetchInterval), and starts at a random instant of the
// first interval (people open pages at different times). Unlike a closed-loop load generator, the
// offered load is what that many open pages would send, so latency and failures are what a person
// watching a status page would see.
import http from "node:http";
import { sleep } from "../../support/time";

export type PacedResult = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latenciesMs: number[];
  seconds: number;
};

export async function pacedPollers(opts: {
  base: string;
  paths: string[];
  pollers: number;
  intervalMs: number;
  durationMs: number;
  timeoutMs?: number;
}): Promise<PacedResult> {
  const url = new URL(opts.base);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const result: PacedResult = {
    requests: 0,
    ok: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    latenciesMs: [],
    seconds: opts.durationMs / 1000,
  };
  const started = Date.now();

  const poll = (agent: http.Agent, path: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      result.requests++;
      const req = http.get(
        { host: url.hostname, port: url.port, path, agent, timeout: timeoutMs },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode === 200) result.ok++;
            else result.non2xx++;
            result.latenciesMs.push(performance.now() - t0);
            resolve();
          });
        },
      );
      let timedOut = false;
      req.on("timeout", () => {
        timedOut = true;
        result.timeouts++;
        req.destroy(new Error("timeout"));
      });
      // destroy() above also emits "error": a timeout is counted once, as a timeout.
      req.on("error", () => {
        if (!timedOut) result.errors++;
        resolve();
      });
    });

  async function poller(i: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const path = opts.paths[i % opts.paths.length]!;
    let next = started + Math.random() * opts.intervalMs;
    for (;;) {
      await sleep(next - Date.now());
      if (Date.now() - started >= opts.durationMs) break;
      await poll(agent, path);
      // The next tick of the interval after this answer (an interval missed while waiting is skipped).
      next += opts.intervalMs * Math.max(1, Math.ceil((Date.now() - next) / opts.intervalMs));
    }
    agent.destroy();
  }
  await Promise.all(Array.from({ length: opts.pollers }, (_, i) => poller(i)));
  return result;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.floor(p * sortedMs.length))]!;
}
