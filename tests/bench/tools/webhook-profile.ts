// npx tsx tests/bench/tools/webhook-profile.ts [--instances 1] [--rate 84] [--seconds 15] [--idle-seconds 10]
// Where a delivery's CPU goes: a PostgreSQL fleet (bench:fleet's set-up) warmed with 600
// deliveries, then ONE window of webhooks paced at --rate until every event is applied, then an
// idle window; each instance's server writes a V8 CPU profile of each window (SIGUSR2 around it,
// tests/bench/tools/cpu-profile-preload.mjs) into data/bench/webhook-prof/. Prints the window's
// CPU per delivery and ack latency, and each profile's self time by package and by function.
// A diagnostic, not in `npm run bench`.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "@/lib/db/create-client";
import { startFleet, type Fleet } from "../../support/multi-instance";
import { startMigratedPg } from "../../support/postgres";
import { arg, BENCH_DATA_DIR, refreshSnapshot } from "../lib/app-instance";
import { appliedOnce, measure, per1k, webhookDeliveries } from "../lib/fleet-phases";
import { closedLoop, paced } from "../lib/http-load";
import { childGroups } from "../lib/process-cpu";

const INSTANCES = Number(arg("instances", "1"));
const RATE = Number(arg("rate", "84"));
const SECONDS = Number(arg("seconds", "15"));
const IDLE_SECONDS = Number(arg("idle-seconds", "10"));
const DIR = path.join(BENCH_DATA_DIR, "webhook-prof");

process.on("exit", () => {
  for (const group of childGroups(process.pid)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});

/** The server process of each instance (the one running lib/server/serve.ts in its group). */
function servers(fleet: Fleet): number[] {
  const pids = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  return fleet.instances.map((i) => {
    const pid = pids.find((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
        return (
          pgrp === i.process.pid &&
          readFileSync(`/proc/${p}/cmdline`, "utf8").includes("lib/server/serve.ts")
        );
      } catch {
        return false;
      }
    });
    if (!pid) throw new Error(`no server process in instance ${i.index}`);
    return pid;
  });
}

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

function summarize(file: string): void {
  const p = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const where = (url: string) =>
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    /\/((?:lib|app)\/[^/]+|\.next\/server\/[^/]+)/.exec(url)?.[1] ??
    (url || "(native, GC)");
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") continue;
    busy += ms;
    byPackage.set(where(url), (byPackage.get(where(url)) ?? 0) + ms);
    const fn = `${functionName || "(anonymous)"} ${where(url)}:${lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, v]) =>
          `  ${v.toFixed(0).padStart(6)} ms ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`,
      );
  console.log(
    `\n${path.basename(file)}: ${busy.toFixed(0)} ms busy\n by package:\n${top(byPackage, 15).join("\n")}\n by function:\n${top(byFunction, 25).join("\n")}`,
  );
}

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  const cwd = refreshSnapshot();
  const pg = await startMigratedPg({ durable: true });
  const env = {
    NODE_OPTIONS: `--import ${path.resolve("tests/bench/tools/cpu-profile-preload.mjs")}`,
    CPU_PROFILE_DIR: DIR,
    CPU_PROFILE_ON_SIGNAL: "1",
  };
  const fleet = await startFleet(pg, {
    instances: INSTANCES,
    cwd,
    sandbox: { timeScale: 10, latencyScale: 0.05 },
    env,
  });
  const db = createPrismaClient(fleet.databaseUrl);
  const targets = fleet.instances.map((i) => i.url);
  const toggle = () => servers(fleet).forEach((pid) => process.kill(pid, "SIGUSR2"));
  try {
    const warm = await webhookDeliveries(db, 600, 0.3, 800_000_000);
    await closedLoop({ targets, connections: 32, count: 600, request: warm.request });
    await appliedOnce(db, warm.events, 90_000);
    const count = Math.ceil(RATE * SECONDS);
    const batch = await webhookDeliveries(db, count, 0.3, 900_000_000);
    toggle();
    const load = await measure(fleet, pg.cluster.dataDir, async () => {
      const result = await paced({ targets, ratePerSecond: RATE, count, request: batch.request });
      const wrong = await appliedOnce(db, batch.events, 90_000);
      if (wrong.length) throw new Error(`${wrong.length} events not applied exactly once`);
      return result;
    });
    toggle();
    // The server writes the window's profile on that signal: not in the idle window's CPU.
    await new Promise((r) => setTimeout(r, 3000));
    console.log(
      `[webhook-profile] ${INSTANCES} instance(s), ${load.requests} deliveries at ${RATE}/s: ack p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms, ${load.failed} failed; ${per1k(load.instanceCpuS, load.requests).toFixed(2)} CPU-s/1k acked + applied (instances) + ${per1k(load.postgresCpuS!, load.requests).toFixed(2)} (PostgreSQL)`,
    );
    toggle();
    const idle = await measure(
      fleet,
      undefined,
      () =>
        new Promise((r) =>
          setTimeout(
            () =>
              r({
                requests: 0,
                ok: 0,
                failed: 0,
                statuses: {},
                seconds: IDLE_SECONDS,
                perSecond: 0,
                p50: NaN,
                p99: NaN,
              }),
            IDLE_SECONDS * 1000,
          ),
        ),
    );
    toggle();
    console.log(
      `[webhook-profile] idle: ${((idle.instanceCpuS * 1000) / IDLE_SECONDS / INSTANCES).toFixed(1)} CPU-ms/s per instance`,
    );
    await new Promise((r) => setTimeout(r, 500));
    for (const f of readdirSync(DIR).sort()) summarize(path.join(DIR, f));
  } finally {
    await db.$disconnect();
    await fleet.stop();
    pg.cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
