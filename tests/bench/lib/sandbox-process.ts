import { spawn, type ChildProcess } from "node:child_process";

// The sandbox in its own process for the benchmarks that measure our side of the traffic (batch
// lookups, Radar's backlog): its real lookup latency and rate limit, at time scale 1, its CPU
// apart from ours. runBench stops it however the benchmark ends.

let sandbox: ChildProcess | undefined;

/** Starts `npx tsx lib/sandbox/main.ts` on `port` and resolves its URL once it answers `keys[0]`. */
export async function startSandboxProcess(
  port: number,
  options: { keys: readonly string[]; limitPerMinute: number; env?: Record<string, string> },
): Promise<string> {
  sandbox = spawn("npx", ["tsx", "lib/sandbox/main.ts"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...options.env,
      SANDBOX_PORT: String(port),
      SANDBOX_API_KEYS: options.keys.join(","),
      SANDBOX_RATE_LIMIT: String(options.limitPerMinute),
      SANDBOX_LATENCY_SCALE: "1",
      SANDBOX_TIME_SCALE: "1",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if (
        (await fetch(`${url}/__sandbox/lookups`, { headers: { "x-api-key": options.keys[0]! } })).ok
      )
        return url;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("sandbox did not start");
}

/** Runs a benchmark's main: an error sets the exit code, the sandbox's process group is stopped, the process exits. */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => {
      if (sandbox?.pid) {
        try {
          process.kill(-sandbox.pid, "SIGTERM");
        } catch {}
      }
      setTimeout(() => process.exit(), 500).unref();
    });
}

/**
 * Points this process's storefront modules at the sandbox and a fresh SQLite file, in production
 * mode, and migrates the file the way `npm run db:migrate` does. Before the first import of lib/env.
 */
export async function storefrontOnSandbox(options: {
  databaseFile: string;
  sandboxUrl: string;
  key: string;
  webhookSecret: string;
  limitPerMinute: number;
  reservePercent: number;
  logFile: string;
  env?: Record<string, string>;
}): Promise<void> {
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: `file:${options.databaseFile}`,
    UVVI_BASE_URL: options.sandboxUrl,
    UVVI_API_KEY: options.key,
    WEBHOOK_SECRET: options.webhookSecret,
    PUBLIC_BASE_URL: "http://127.0.0.1:3999",
    UPSTREAM_RATE_PER_MINUTE: String(options.limitPerMinute),
    UPSTREAM_RESERVE_PERCENT: String(options.reservePercent),
    LOG_LEVEL: "error",
    LOG_FILE: options.logFile,
    ...options.env,
  });
  await new Promise<void>((resolve, reject) => {
    const m = spawn("npx", ["tsx", "scripts/migrate.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: process.env,
    });
    m.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migrate exited ${code}`))));
  });
}
