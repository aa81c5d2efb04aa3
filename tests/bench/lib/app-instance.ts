// Start and stop a storefront for a benchmark: spawns scripts/start.ts (migrations, build when the
// sources changed, embedded sandbox, our server in lib/server/) in its own process group with a fresh SQLite
// file under data/bench/, captures its stdout/stderr to files there, waits for /api/health and
// kills the whole group on stop (and on exit/SIGINT of the benchmark).
//
// The app runs from a SNAPSHOT of the sources (data/bench/app-snapshot/, git-ignored) with its own
// .next: other people's builds of the shared .next (e2e runs, `npm start`) would otherwise swap
// the chunks under a running benchmark (500s on /_next/static), and a half-written file of theirs
// would break our build. The snapshot has no package-lock.json, so Turbopack's root stays the
// repository and its node_modules link resolves; it carries no tests/, so only the app is
// type-checked. start.ts rebuilds it when the copied sources changed (content hash), as usual.
//
// `countUpstream: true` runs the sandbox as a separate process behind an in-process counting
// proxy and points the storefront at the proxy (UVVI_BASE_URL): the sandbox has no endpoint that
// lists the requests it received, and the storefront logs its upstream calls only at debug level
// (one extra synchronous log line per request would distort a load test).
import { spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import net from "node:net";
import path from "node:path";
import { freePort } from "../../support/app-process";
import { startCountingProxy, type UpstreamCall } from "../../support/counting-proxy";

export type { UpstreamCall };

export { freePort };

export const BENCH_DATA_DIR = path.resolve("data", "bench");
export const SNAPSHOT_DIR = path.join(BENCH_DATA_DIR, "app-snapshot");
/** What the app needs to build and run (tests/, docs and the lockfile stay out, see above). */
const SNAPSHOT_ENTRIES = [
  "app",
  "components",
  "lib",
  "public",
  "prisma",
  "scripts",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "postcss.config.mjs",
  "prisma.config.ts",
  "prisma-migrate.config.ts",
  "tsconfig.json",
  "package.json",
];

/** Refreshes data/bench/app-snapshot from the working tree, keeping its .next for reuse. */
export function refreshSnapshot(): string {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const entry of readdirSync(SNAPSHOT_DIR)) {
    if (entry !== ".next" && entry !== "node_modules")
      rmSync(path.join(SNAPSHOT_DIR, entry), { recursive: true, force: true });
  }
  for (const entry of SNAPSHOT_ENTRIES) {
    if (!existsSync(entry)) continue;
    // lib/generated (the Prisma client) too: scripts/start.ts imports it before it regenerates it.
    cpSync(entry, path.join(SNAPSHOT_DIR, entry), { recursive: true });
  }
  const link = path.join(SNAPSHOT_DIR, "node_modules");
  if (!existsSync(link)) symlinkSync(path.resolve("node_modules"), link, "dir");
  return SNAPSHOT_DIR;
}
export const SANDBOX_API_KEY = "sk_test_sandbox_default";
export const BENCH_WEBHOOK_SECRET = "bench-webhook-secret-0123456789abcdefghijklmnop";

export type AppInstance = {
  url: string;
  sandboxUrl: string;
  /** Absolute SQLite path (DATABASE_URL without file:), and the files the run wrote. */
  dbFile: string;
  /** The directory the app runs from (its .next is the build being served). */
  cwd: string;
  logFile: string;
  stdoutFile: string;
  stderrFile: string;
  /** Only with countUpstream: every request the storefront sent to upstream, in order. */
  upstreamCalls: UpstreamCall[];
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Names the files under data/bench/ (kebab-case). */
  name: string;
  port?: number;
  sandboxPort?: number;
  env?: Record<string, string>;
  countUpstream?: boolean;
  /** Run from the working tree itself (shared .next) instead of the snapshot. */
  inPlace?: boolean;
  /** Max wait for /api/health (the start script may build first). */
  timeoutMs?: number;
};

const groups = new Set<number>();
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}
process.on("exit", () => {
  for (const pid of groups) killGroup(pid, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const pid of groups) killGroup(pid, "SIGTERM");
    process.exit(130);
  });
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

function spawnGroup(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  out: string,
  err: string,
  cwd: string,
): ChildProcess {
  const outFd = openSync(out, "a");
  const errFd = openSync(err, "a");
  const child = spawn(cmd, args, { detached: true, stdio: ["ignore", outFd, errFd], env, cwd });
  closeSync(outFd);
  closeSync(errFd);
  if (child.pid) groups.add(child.pid);
  child.on("exit", () => child.pid && groups.delete(child.pid));
  child.on("error", (e) => console.error(`[bench] ${name} failed to spawn: ${e.message}`));
  return child;
}

async function stopGroup(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  killGroup(child.pid, "SIGTERM");
  const timer = setTimeout(() => child.pid && killGroup(child.pid, "SIGKILL"), 8_000);
  await exited;
  clearTimeout(timer);
  // next-server and the sandbox may outlive the npx wrapper for a moment.
  killGroup(child.pid, "SIGKILL");
}

async function waitHealthy(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  stderrFile: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `the storefront exited (${child.exitCode}) before answering; see ${stderrFile}`,
      );
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(
        `the storefront did not answer ${url}/api/health within ${timeoutMs / 1000}s; see ${stderrFile}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function waitFor(url: string, headers: Record<string, string>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

export async function startApp(opts: StartOptions): Promise<AppInstance> {
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  const port = opts.port ?? (await freePort());
  const sandboxPort = opts.sandboxPort ?? (await freePort());
  for (const p of [port, sandboxPort])
    if (!(await isPortFree(p))) throw new Error(`port ${p} is in use (pass other ports)`);
  const cwd = opts.inPlace ? process.cwd() : refreshSnapshot();
  const base = path.join(BENCH_DATA_DIR, `${opts.name}-${port}`);
  const dbFile = `${base}.db`;
  const logFile = `${base}.log`;
  const stdoutFile = `${base}.stdout.log`;
  const stderrFile = `${base}.stderr.log`;
  // Only the latest run of each benchmark keeps its files (database, logs) for inspection.
  for (const f of readdirSync(BENCH_DATA_DIR))
    if (f.startsWith(`${opts.name}-`)) rmSync(path.join(BENCH_DATA_DIR, f), { force: true });

  const url = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const upstreamCalls: UpstreamCall[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    PUBLIC_BASE_URL: url,
    DATABASE_URL: `file:${dbFile}`,
    WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
    UVVI_API_KEY: SANDBOX_API_KEY,
    UVVI_BASE_URL: "",
    LOG_LEVEL: "warn",
    LOG_FILE: logFile,
    SANDBOX_LATENCY_SCALE: "0.05",
    SANDBOX_TIME_SCALE: "0.01",
    // Benchmarks create several lookups, tokens and payments from one address.
    RATE_LIMIT_LOOKUPS: "100000",
    RATE_LIMIT_CARD_TOKENS: "100000",
    RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "100000",
    RATE_LIMIT_PAYMENTS: "100000",
    ...opts.env,
  };

  let sandbox: ChildProcess | undefined;
  let proxy: { url: string; close: () => Promise<void> } | undefined;
  if (opts.countUpstream) {
    sandbox = spawnGroup(
      "sandbox",
      "npx",
      ["tsx", "lib/sandbox/main.ts"],
      env,
      `${base}.sandbox.stdout.log`,
      `${base}.sandbox.stderr.log`,
      cwd,
    );
    await waitFor(`${sandboxUrl}/api/v1/health`, { "x-api-key": SANDBOX_API_KEY }, 60_000);
    proxy = await startCountingProxy(sandboxUrl, upstreamCalls);
    env.UVVI_BASE_URL = proxy.url;
  }

  const child = spawnGroup(
    "storefront",
    "npx",
    ["tsx", "scripts/start.ts"],
    env,
    stdoutFile,
    stderrFile,
    cwd,
  );
  const stop = async () => {
    await stopGroup(child);
    await stopGroup(sandbox);
    await proxy?.close();
  };
  try {
    await waitHealthy(url, child, opts.timeoutMs ?? 600_000, stderrFile);
    if (opts.countUpstream) {
      // Remote mode does not self-register (npm run webhook:register does in production): do it here.
      const res = await fetch(`${sandboxUrl}/uvvi/v1/webhook-register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": SANDBOX_API_KEY },
        body: JSON.stringify({ url: `${url}/api/webhooks/uvvi/${env.WEBHOOK_SECRET}` }),
      });
      if (!res.ok) throw new Error(`webhook registration with the sandbox failed: ${res.status}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, sandboxUrl, dbFile, cwd, logFile, stdoutFile, stderrFile, upstreamCalls, stop };
}

/** `--name value` from argv, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
