// npx tsx tests/bench/tools/fleet-cpu-breakdown.ts [--instances 1] [--rate 50] [--seconds 10] [--log-sql] [--node-options "..."] [--signal]
// Diagnostic, not in npm run bench: where a fleet's CPU goes while status pages poll at a paced
// rate (GET /api/payments/{ref}, a PIX and a card payment, after 4 s of closed-loop warm-up).
// Prints, per 1,000 requests, the CPU of every thread of every instance's processes (schedstat,
// in nanoseconds) and their user and system ticks and voluntary context switches. --log-sql
// keeps PostgreSQL's statement log of the window and counts the statements by their start (what
// one poll sends). --node-options is passed to the instances (e.g. --import of a preload that
// writes a CPU profile between two SIGUSR2, which --signal sends around the window).
// What it showed (docs/benchmarks.md, bench:fleet): one instance's poll costs more CPU the fewer
// polls it answers per second (17/s 4.9 ms, 50/s 3.9 ms, 150/s 2.9 ms on its main thread), and an
// instance of three answers a third of the rate.
import { readdirSync, readFileSync } from "node:fs";
import { createPrismaClient } from "@/lib/db/create-client";
import { startFleet } from "../../support/multi-instance";
import { startMigratedPg } from "../../support/postgres";
import { arg, hasFlag, refreshSnapshot } from "../lib/app-instance";
import { pendingPayments, pollStatus, pollStatusPaced } from "../lib/fleet-phases";

const INSTANCES = Number(arg("instances", "1"));
const SECONDS = Number(arg("seconds", "10"));
const RATE = Number(arg("rate", "50"));
const NODE_OPTIONS = arg("node-options", "");

/** Counters by "instance pid command :: thread" (ns) and by "instance pid command counter" (ticks, switches). */
function snapshot(groups: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const instance = groups.indexOf(Number(f[2]));
      if (instance < 0) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").slice(0, 60);
      const proc = `i${instance} ${pid} [${cmd}]`;
      out.set(`${proc} user (ticks)`, Number(f[11]));
      out.set(`${proc} system (ticks)`, Number(f[12]));
      out.set(
        `${proc} voluntary switches`,
        Number(
          /voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1],
        ),
      );
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        const thread = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8")
          .trim()
          .replace(/\d+$/, "#");
        const key = `${proc} :: ${thread}`;
        out.set(key, (out.get(key) ?? 0) + ns);
      }
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}

async function main() {
  const cwd = refreshSnapshot();
  const pg = await startMigratedPg({ durable: true });
  const fleet = await startFleet(pg, {
    instances: INSTANCES,
    cwd,
    upstreamCalls: [],
    sandbox: { timeScale: 10, latencyScale: 0.05 },
    env: NODE_OPTIONS ? { NODE_OPTIONS } : {},
  });
  const db = createPrismaClient(fleet.databaseUrl);
  try {
    const refs = (await pendingPayments(fleet)).map((p) => p.ref);
    await pollStatus(fleet, refs, 48, 4000);
    await new Promise((r) => setTimeout(r, 1000));
    const groups = fleet.instances.map((i) => i.process.pid!);
    const servers = () => [
      ...new Set(
        [...snapshot(groups).keys()]
          .filter((k) => k.includes("serve.ts"))
          .map((k) => Number(k.split(" ")[1])),
      ),
    ];
    const setLogging = async (level: string) => {
      await db.$executeRawUnsafe(`ALTER SYSTEM SET log_statement = '${level}'`);
      await db.$queryRawUnsafe(`SELECT pg_reload_conf()`);
    };
    if (hasFlag("log-sql")) await setLogging("all");
    if (hasFlag("signal")) for (const pid of servers()) process.kill(pid, "SIGUSR2");
    const before = snapshot(groups);
    const load = await pollStatusPaced(fleet, refs, RATE, SECONDS * 1000);
    const after = snapshot(groups);
    if (hasFlag("signal")) for (const pid of servers()) process.kill(pid, "SIGUSR2");
    if (hasFlag("log-sql")) await setLogging("none");

    const per1k = (v: number) => (v / load.requests) * 1000;
    const rows = [...after]
      .map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const)
      .filter(([, d]) => d > 0);
    let threadsNs = 0;
    console.log(
      `\n${load.requests} polls at ${RATE}/s over ${INSTANCES} instance(s), per 1,000 polls:`,
    );
    for (const [k, ns] of rows.filter(([k]) => k.includes(" :: ")).sort((a, b) => b[1] - a[1])) {
      threadsNs += ns;
      if (ns > 1e6) console.log(`${(per1k(ns) / 1e6).toFixed(0).padStart(7)} CPU-ms  ${k}`);
    }
    for (const [k, n] of rows.filter(([k]) => !k.includes(" :: ") && k.includes("serve.ts")))
      console.log(`${per1k(n).toFixed(0).padStart(7)}  ${k}`);
    console.log(
      `total ${(threadsNs / 1e6 / load.requests).toFixed(2)} CPU-ms per poll (every thread of every instance's processes)`,
    );
    if (hasFlag("log-sql")) {
      const log = readFileSync(`${pg.cluster.dataDir}/server.log`, "utf8");
      const statements = [...log.matchAll(/LOG: {2}(?:execute [^:]*|statement): (.{0,70})/g)]
        .map((m) => m[1]!.replace(/"public"\./g, ""))
        .filter((s) => !/log_statement|pg_reload_conf/.test(s));
      console.log(`statements: ${(statements.length / load.requests).toFixed(2)} per poll`);
      const counts = new Map<string, number>();
      for (const s of statements) counts.set(s, (counts.get(s) ?? 0) + 1);
      for (const [s, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12))
        console.log(`${String(n).padStart(7)}  ${s}`);
    }
  } finally {
    await db.$disconnect();
    await fleet.stop();
    pg.cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
