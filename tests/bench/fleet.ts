// npm run bench:fleet [-- --quick]   (in npm run bench too; --only fleet for it alone there)
// Status polling and webhook ingest on SQLite with 1 instance, PostgreSQL with 1, and
// PostgreSQL with 3, in one run. Each configuration is a fleet (tests/support/multi-instance.ts:
// one in-process sandbox behind a counting proxy, one database, N instances started with the
// production command from the bench's source snapshot) loaded round-robin over its instances
// (lib/fleet-phases.ts). Per configuration and workload: req/s, p99, CPU-seconds per 1,000
// requests summed over every instance's process group (/proc, before and after the window) and,
// apart, the PostgreSQL server's; upstream status calls per payment per minute (counted at the
// proxy); the webhook ack p99 at a paced load of half the steady capacity (the highest paced rate
// the fleet keeps up with, found by bisection) and, as a figure, of half the burst capacity; the
// 3-vs-1 target: CPU per request of three instances against one at the same per-instance rate.
// PostgreSQL runs durable (fsync and synchronous commit on), as SQLite runs synchronous=FULL.
import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import type { PgCluster } from "../../scripts/lib/pg-cluster";
import type { UpstreamCall } from "../support/counting-proxy";
import { startFleet, type FleetDatabase } from "../support/multi-instance";
import { createPrismaClient } from "@/lib/db/create-client";
import { startMigratedPg } from "../support/postgres";
import { arg, BENCH_DATA_DIR, hasFlag, refreshSnapshot } from "./lib/app-instance";
import { childGroups } from "./lib/process-cpu";
import {
  appliedOnce,
  idleCpu,
  ingestWebhooks,
  measure,
  medianRound,
  pendingPayments,
  pollStatus,
  pollStatusPaced,
  type Measured,
} from "./lib/fleet-phases";
import { ACCOUNT_DELIVERIES_PER_S, reportFleet, type ConfigRun } from "./lib/fleet-report";
import { statusCallRates } from "./lib/upstream-rates";

const quick = hasFlag("quick");
const POLL_MS = Number(arg("poll-seconds", quick ? "15" : "30")) * 1000;
const POLL_CONNECTIONS = Number(arg("poll-connections", "48"));
const DELIVERIES = Number(arg("deliveries", quick ? "1000" : "3000"));
const PACED_MS = Number(arg("paced-seconds", quick ? "6" : "12")) * 1000;
const WARM_MS = Number(arg("warm-seconds", quick ? "4" : "8")) * 1000;
const WARM_DELIVERIES = Number(arg("warm-deliveries", quick ? "300" : "600"));
// One offered load for every configuration, under each one's capacity: where CPU per request is compared.
const COMMON_POLL_RATE = Number(arg("common-poll-rate", "50"));
const COMMON_WEBHOOK_RATE = Number(arg("common-webhook-rate", "50"));
// Each of its ROUNDS windows lasts this long (500 requests at 50/s): the ratio of three instances
// to one moved by a tenth between runs when a round was 100 deliveries (--quick's 2 s).
const COMMON_MS = Number(arg("common-seconds", "10")) * 1000;
// `--paced-rate N` paces the ack target's window at N instead of half the steady capacity.
const PACED_RATE = Number(arg("paced-rate", "")) || undefined;
// `--target-rate N`: the rate the fleet must keep up with (default the largest upstream account's).
const TARGET_RATE = Number(arg("target-rate", "")) || ACCOUNT_DELIVERIES_PER_S;
const IDLE_MS = Number(arg("idle-seconds", quick ? "3" : "5")) * 1000;
const CONFIGS = [
  { name: "SQLite, 1 instance", provider: "sqlite", instances: 1 },
  { name: "PostgreSQL, 1 instance", provider: "postgresql", instances: 1 },
  { name: "PostgreSQL, 3 instances", provider: "postgresql", instances: 3 },
] as const;
/** The share of the fleet's rate that each instance of the largest configuration answers. */
const PER_INSTANCE_SHARE = 1 / Math.max(...CONFIGS.map((c) => c.instances));
// `--configs 2,3` runs only those (1-based), e.g. to look at PostgreSQL alone.
const ONLY = arg("configs", "1,2,3").split(",").map(Number);
// Benchmarks create lookups, tokens and payments from one address.
// `--cpu-prof`: every process of every instance writes a V8 CPU profile of its life into
// data/bench/fleet-prof/<configuration>/ (the server's is the largest file).
const PROFILE_DIR = hasFlag("cpu-prof") ? path.join(BENCH_DATA_DIR, "fleet-prof") : undefined;
const profileEnv = (config: string): Record<string, string> =>
  PROFILE_DIR
    ? {
        NODE_OPTIONS: `--import ${path.resolve("tests/bench/tools/cpu-profile-preload.mjs")}`,
        CPU_PROFILE_DIR: path.join(PROFILE_DIR, config.replace(/\W+/g, "-")),
      }
    : {};
const LIMITS = Object.fromEntries(
  [
    "LOOKUPS",
    "CARD_TOKENS",
    "CARD_TOKENS_PER_CHECKOUT",
    "PAYMENTS",
    "CHECKOUTS",
    "INSTALLMENTS",
  ].map((k) => [`RATE_LIMIT_${k}`, "100000"]),
);

// Stopped or timed out (run-all's limit sends SIGTERM; app-instance.ts then exits): the finally
// blocks never run, and the instances (their own process groups, even half started) and the
// cluster (its own session, as another user) would outlive us.
let cluster: PgCluster | undefined;
process.on("exit", () => {
  for (const group of childGroups(process.pid)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  cluster?.stop();
});

async function runConfig(
  config: (typeof CONFIGS)[number],
  pg: { cluster: PgCluster; adminUrl: string; template: string } | undefined,
  cwd: string,
): Promise<ConfigRun> {
  const calls: UpstreamCall[] = [];
  let database: FleetDatabase;
  if (config.provider === "sqlite") {
    const file = path.join(BENCH_DATA_DIR, "fleet-sqlite.db");
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    database = { databaseUrl: `file:${file}` };
  } else database = pg!;
  // The machine's other work shows in latency and req/s (less in CPU per request): say how busy it was.
  const load = loadavg()[0]!.toFixed(1);
  console.log(`\n[fleet] ${config.name}: starting (load average ${load}) ...`);
  // Ten times real time: the card stays in analysis and the PIX unpaid past every window.
  const fleet = await startFleet(database, {
    instances: config.instances,
    cwd,
    upstreamCalls: calls,
    sandbox: { timeScale: 10, latencyScale: 0.05 },
    env: { ...LIMITS, ...profileEnv(config.name) },
  });
  const db = createPrismaClient(fleet.databaseUrl);
  const pgDir = config.provider === "postgresql" ? pg!.cluster.dataDir : undefined;
  try {
    const payments = await pendingPayments(fleet);
    console.log(
      `[fleet] ${config.name}: polling ${payments.map((p) => `${p.method} ${p.status}`).join(", ")} for ${POLL_MS / 1000} s ...`,
    );
    const from = Date.now();
    // Unmeasured warm-up on every instance (see ingestWebhooks): steady-state cost, not start-up.
    await pollStatus(
      fleet,
      payments.map((p) => p.ref),
      POLL_CONNECTIONS,
      WARM_MS,
    );
    const polling: Measured = await measure(fleet, pgDir, () =>
      pollStatus(
        fleet,
        payments.map((p) => p.ref),
        POLL_CONNECTIONS,
        POLL_MS,
      ),
    );
    const pollingCommon: Measured = await medianRound(() =>
      measure(fleet, pgDir, () =>
        pollStatusPaced(
          fleet,
          payments.map((p) => p.ref),
          COMMON_POLL_RATE,
          COMMON_MS,
        ),
      ),
    );
    // One PostgreSQL instance also at the rate each of the largest fleet's instances sees: the
    // 3-vs-1 target's baseline (lib/fleet-report.ts), so the target reads what the fleet adds, not
    // what one process pays for answering fewer requests per second.
    const perInstanceRate =
      config.provider === "postgresql" && config.instances === 1 ? PER_INSTANCE_SHARE : undefined;
    const pollingPerInstance = perInstanceRate
      ? await medianRound(() =>
          measure(fleet, pgDir, () =>
            pollStatusPaced(
              fleet,
              payments.map((p) => p.ref),
              COMMON_POLL_RATE * perInstanceRate,
              COMMON_MS,
            ),
          ),
        )
      : undefined;
    console.log(
      `[fleet] ${config.name}: ${DELIVERIES} webhook deliveries, then ${PACED_MS / 1000} s paced ...`,
    );
    const webhooks = await ingestWebhooks(fleet, db, pgDir, {
      deliveries: DELIVERIES,
      connections: 32,
      pacedMs: PACED_MS,
      dupShare: 0.3,
      warmup: WARM_DELIVERIES,
      commonRate: COMMON_WEBHOOK_RATE,
      commonMs: COMMON_MS,
      perInstanceRate: perInstanceRate && COMMON_WEBHOOK_RATE * perInstanceRate,
      targetRate: TARGET_RATE,
      pacedRate: PACED_RATE,
    });
    // Every stored event applied exactly once, whichever instance took it (the sweep may take 30 s).
    const wrong = await appliedOnce(db, webhooks.events, 90_000);
    // Last, when the backlog is applied: what each instance spends with nothing asked of it.
    const idleMsPerS = await idleCpu(fleet, IDLE_MS);
    // Status calls over the configuration's whole life after the payments: the polls' and the sweep's.
    const rates = statusCallRates(calls, { from, to: Date.now() }, payments.length);
    return {
      name: config.name,
      instances: config.instances,
      load: `${load}-${loadavg()[0]!.toFixed(1)}`,
      idleMsPerS,
      polling,
      pollingCommon,
      pollingPerInstance,
      webhooks,
      rates,
      wrong,
    };
  } finally {
    await db.$disconnect();
    await fleet.stop();
  }
}

async function main() {
  mkdirSync(BENCH_DATA_DIR, { recursive: true });
  const cwd = refreshSnapshot();
  const pg = await startMigratedPg({ durable: true });
  cluster = pg.cluster;
  const runs: ConfigRun[] = [];
  try {
    for (const config of CONFIGS.filter((_, i) => ONLY.includes(i + 1)))
      runs.push(await runConfig(config, pg, cwd));
  } finally {
    pg.cluster.stop();
  }
  reportFleet(runs, {
    pollConnections: POLL_CONNECTIONS,
    pollSeconds: POLL_MS / 1000,
    deliveries: DELIVERIES,
    pacedSeconds: PACED_MS / 1000,
    commonPollRate: COMMON_POLL_RATE,
    commonWebhookRate: COMMON_WEBHOOK_RATE,
    commonSeconds: COMMON_MS / 1000,
  });
  if (runs.some((r) => r.wrong.length)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
