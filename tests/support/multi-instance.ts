import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { startSandbox, type RunningSandbox } from "@/lib/sandbox/server";
import { startCountingProxy, type UpstreamCall } from "./counting-proxy";
import { freePort, spawnGroup, stopGroup, waitHealthy, type GroupProcess } from "./app-process";
import { createTestDatabase } from "./postgres";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "./test-keys";

// For a multi-instance suite (scale-out): ONE sandbox, ONE PostgreSQL database, N storefront
// instances started with the production command (`tsx scripts/start.ts`, NODE_ENV=production),
// each its own process group on its own port, sharing the database and the upstream like
// instances behind a load balancer. Use it from the "postgresql" vitest project:
//   const fleet = await startFleet(inject("pgTemplate")!);   ...   await fleet.stop();

export type Instance = {
  index: number;
  port: number;
  url: string;
  process: GroupProcess;
  logFile: string;
};
export type Fleet = {
  sandbox: RunningSandbox;
  databaseUrl: string;
  instances: Instance[];
  /** Points the sandbox's webhooks at one instance (the upstream knows one URL per key). */
  routeWebhooksTo(instance: Instance): Promise<void>;
  stop(): Promise<void>;
};

export type FleetOptions = {
  instances?: number;
  /** Next's build folder, shared by the instances (the first one builds it when stale). The
   *  default is npm start's, so in `npm test` the end-to-end step after it reuses the build. */
  distDir?: string;
  /** Passed to every instance (say, RATE_LIMIT_* or LOG_LEVEL). */
  env?: Record<string, string>;
  sandbox?: Parameters<typeof startSandbox>[0];
  /** When given, the instances reach the sandbox through a counting proxy that records here. */
  upstreamCalls?: UpstreamCall[];
  /** Where the instances run from (default: here); benchmarks pass their source snapshot. */
  cwd?: string;
};

/** A PostgreSQL template to copy a fresh database from, or a database URL used as is (say, SQLite). */
export type FleetDatabase = { adminUrl: string; template: string } | { databaseUrl: string };

/** The first instance starts alone (it may build, ~minutes); the others then start together. */
export async function startFleet(
  database: FleetDatabase,
  options: FleetOptions = {},
): Promise<Fleet> {
  const count = options.instances ?? 3;
  const distDir = options.distDir ?? ".next";
  const logDir = path.resolve("data/multi-instance");
  mkdirSync(logDir, { recursive: true });
  const sandbox = await startSandbox({
    port: 0,
    apiKeys: [TEST_API_KEY],
    latencyScale: 0,
    timeScale: 0.001,
    ...options.sandbox,
  });
  const proxy = options.upstreamCalls
    ? await startCountingProxy(sandbox.url, options.upstreamCalls)
    : undefined;
  const databaseUrl =
    "databaseUrl" in database
      ? database.databaseUrl
      : await createTestDatabase(
          database.adminUrl,
          database.template,
          `fleet_${randomUUID().replace(/-/g, "")}`,
        );
  const instances: Instance[] = [];

  const launch = async (index: number): Promise<Instance> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logFile = path.join(logDir, `instance-${port}.log`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      DATABASE_URL: databaseUrl,
      UVVI_BASE_URL: proxy?.url ?? sandbox.url,
      UVVI_API_KEY: TEST_API_KEY,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      NEXT_DIST_DIR: distDir,
      LOG_LEVEL: "warn",
      ...options.env,
    } as NodeJS.ProcessEnv;
    const instance = {
      index,
      port,
      url,
      logFile,
      process: spawnGroup("npx", ["tsx", "scripts/start.ts"], env, logFile, logFile, options.cwd),
    };
    instances.push(instance);
    await waitHealthy(`${url}/api/health`, instance.process, 600_000);
    return instance;
  };

  const stop = async () => {
    await Promise.all(instances.map((i) => stopGroup(i.process)));
    await proxy?.close();
    await sandbox.close();
  };
  try {
    await launch(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => launch(i + 1)));
  } catch (error) {
    await stop();
    throw error;
  }

  const routeWebhooksTo = async (instance: Instance) => {
    const res = await fetch(`${sandbox.url}/uvvi/v1/webhook-register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
      body: JSON.stringify({ url: `${instance.url}/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}` }),
    });
    if (!res.ok) throw new Error(`webhook registration failed: ${res.status}`);
  };
  await routeWebhooksTo(instances[0]!);
  return { sandbox, databaseUrl, instances, routeWebhooksTo, stop };
}
