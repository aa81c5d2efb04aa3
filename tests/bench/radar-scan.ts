// npm run bench -- --only radar-scan   (alone: npx tsx tests/bench/radar-scan.ts [--vehicles 10000] [--share 50])
// Radar's backlog: N watched vehicles (default 10,000) all due at once, as after an outage,
// through the real pipeline: the planner and scan queues (lib/radar on lib/jobs), Radar's ceiling
// inside the fleet budget (lib/upstream/budget.ts takeShare), the sandbox over HTTP in its own
// process with its limit at 1000/min and its real lookup latency, the results back as real
// webhooks to our direct webhook route and settled by the lookupsResolved reaction. Meanwhile a
// person looks a vehicle up every 600 ms (100 a minute), through startLookup as the lookup form's
// route does; a budget refusal there is the 429 a person would see.
//
// The floor: Radar may send `share` lookups a minute (RADAR_BUDGET_SHARE_PERCENT of the general
// budget, 1000/min less the 20% money reserve), so N vehicles cannot be scanned in less than
// N / share minutes of steady sending; the target is the scan's wall time (first claim to the last
// scan settled) within 1.1x of that. The per-window floor is printed beside it: fixed minute
// windows let a scan that starts mid-minute send a whole share in its first, partial window.
// The scheduler's CPU per check: this process's CPU (both queues, the reactions, the person's
// lookups) over the number of scan rows run (a row deferred to the next window counts each time).
import "../../scripts/lib/allow-server-only";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { familyVehicle } from "../../lib/sandbox/catalog/family";
import { freePort } from "../support/app-process";
import { arg } from "./lib/app-instance";
import { runBench, startSandboxProcess, storefrontOnSandbox } from "./lib/sandbox-process";
import { figure, target } from "./lib/table";

const N = Number(arg("vehicles", "10000"));
const SHARE_PERCENT = Number(arg("share", "50"));
const LIMIT = 1000;
const RESERVE_PERCENT = 20;
const PEOPLE_EVERY_MS = 600;
const WITHIN = 1.1;
const KEY = "sk_test_bench_radar";
const SECRET = "bench-radar-webhook-secret-0123456789abcdef";
const dir = path.resolve("data", "bench", `radar-${process.pid}`);

// TST copies of withDebts: 26,000 distinct plates (digit, letter, two digits); digit 9 is the person's.
const plate = (i: number) =>
  `TST${1 + Math.floor(i / 2600)}${String.fromCharCode(65 + Math.floor((i % 2600) / 100))}${String(i % 100).padStart(2, "0")}`;

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function main(): Promise<void> {
  if (N > 9 * 2600) throw new Error("--vehicles at most 23400");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sandboxUrl = await startSandboxProcess(await freePort(), {
    keys: [KEY],
    limitPerMinute: LIMIT,
  });
  await storefrontOnSandbox({
    databaseFile: path.join(dir, "bench.db"),
    sandboxUrl,
    key: KEY,
    webhookSecret: SECRET,
    limitPerMinute: LIMIT,
    reservePercent: RESERVE_PERCENT,
    logFile: path.join(dir, "app.log"),
    env: { RADAR_BUDGET_SHARE_PERCENT: String(SHARE_PERCENT) },
  });

  const { db } = await import("../../lib/db/client");
  const { env } = await import("../../lib/env");
  (await import("../../lib/background/reactions")).registerReactions();
  const { upstream } = await import("../../lib/upstream/client");
  const { startDirectReceiver } = await import("../support/webhook-receiver");
  const receiver = await startDirectReceiver();
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${SECRET}`);
  const share = env.radar.budgetShare;

  // N owner watches, every one's turn already due (the backlog): its last turn on its own grid, so
  // its next one is a whole period away and the run counts one scan per vehicle.
  const { nextScanAt } = await import("../../lib/rules/radar-schedule");
  const { scheduleOf } = await import("../../lib/radar/watch-schedule");
  const rows = Array.from({ length: N }, (_, i) => {
    const v = familyVehicle(plate(i))!;
    const id = randomUUID();
    const s = scheduleOf({ id, recurrence: "weekly" }, v.uf);
    let due = nextScanAt(s, new Date(Date.now() - s.periodMs));
    if (due.getTime() > Date.now()) due = new Date(due.getTime() - s.periodMs);
    return {
      id,
      kind: "owner",
      status: "active",
      uf: v.uf,
      plate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
      email: `dono.${i}@example.test`,
      ownerKey: randomUUID(),
      confirmedAt: due,
      nextScanAt: due,
      notBefore: due,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db.radarWatch.createMany({ data: rows.slice(i, i + 500) });
  console.log(
    `[radar-scan] ${N} watches due; Radar's ceiling ${share}/min (${SHARE_PERCENT}% of ${LIMIT - (LIMIT * RESERVE_PERCENT) / 100}); floor ${(N / share).toFixed(2)} min`,
  );

  // The two queues as the server runs them, the scan job counted.
  const { runClaim } = await import("../../lib/jobs/runner");
  const { defineWorker } = await import("../../lib/jobs/worker");
  const { plannerJob } = await import("../../lib/radar/planner-job");
  const { scanJob } = await import("../../lib/radar/scan-job");
  const { PLANNER_CLAIM, SCAN_CLAIM } = await import("../../lib/radar/workers");
  let checks = 0;
  const base = scanJob({ onDeferred: (at) => scans.wakeAt(at) });
  const scans = defineWorker({
    job: { ...base, run: (row) => ((checks += 1), base.run(row)) },
    claim: SCAN_CLAIM,
    nextDue: async () =>
      (
        await db.radarScan.findFirst({
          where: { status: { in: ["queued", "running"] }, notBefore: { not: null } },
          orderBy: { notBefore: "asc" },
          select: { notBefore: true },
        })
      )?.notBefore,
    onError: (error) => console.error("[radar-scan] scan worker", error),
    depth: { metric: "bench_radar_scans", help: "-", count: async () => 0 },
  });
  const planner = plannerJob({ onQueued: () => void scans.kick() });

  // The person: one lookup every 600 ms, for as long as the scan runs.
  const { startLookup } = await import("../../lib/lookups/start-lookup");
  const people = { sent: 0, refused: 0, other: 0, ms: [] as number[] };
  let scanning = true;
  const person = (async () => {
    for (let k = 0; scanning; k++) {
      const v = familyVehicle(
        `TST9${String.fromCharCode(65 + Math.floor((k % 2600) / 100))}${String(k % 100).padStart(2, "0")}`,
      )!;
      const at = Date.now();
      people.sent += 1;
      try {
        await startLookup({
          uf: v.uf as never,
          plate: v.plate,
          renavam: v.renavam,
          cpfCnpj: v.cpfCnpj,
        });
      } catch (error) {
        if ((error as { code?: string }).code === "UPSTREAM_RATE_LIMITED") people.refused += 1;
        else people.other += 1;
      }
      people.ms.push(Date.now() - at);
      await new Promise((r) => setTimeout(r, Math.max(0, PEOPLE_EVERY_MS - (Date.now() - at))));
    }
  })();

  const cpuBefore = process.cpuUsage();
  const t0 = Date.now();
  while ((await runClaim(planner, PLANNER_CLAIM)) > 0);
  const plannedMs = Date.now() - t0;
  void scans.kick();
  // The production tick as a safety net (every 30 s); the worker's own wake-ups do the rest.
  const tick = setInterval(() => void scans.kick(), 30_000);
  let open = N;
  let lastReport = 0;
  while (open > 0 && Date.now() - t0 < (N / share) * 60_000 * 3 + 5 * 60_000) {
    await new Promise((r) => setTimeout(r, 1_000));
    open = await db.radarScan.count({ where: { status: { in: ["queued", "running"] } } });
    if (Date.now() - lastReport > 60_000) {
      lastReport = Date.now();
      console.log(
        `[radar-scan] ${((Date.now() - t0) / 60_000).toFixed(1)} min: ${N - Math.min(N, open)}/${N} scans settled; person ${people.sent} sent, ${people.refused} refused`,
      );
    }
  }
  clearInterval(tick);
  const cpu = cpuMs(process.cpuUsage(cpuBefore));
  scanning = false;
  await person;
  const last = await db.radarScan.aggregate({ _max: { finishedAt: true } });
  const wallMs = (last._max.finishedAt?.getTime() ?? Date.now()) - t0;
  const byStatus = await db.radarScan.groupBy({ by: ["status"], _count: true });
  const windows = await db.radarBudgetWindow.findMany({ orderBy: { minute: "asc" } });

  // A vehicle whose next turn falls within the run is rightly scanned twice (the planner queues
  // every turn): the floor counts turns, "all done" counts vehicles.
  const turns = byStatus.reduce((sum, s) => sum + s._count, 0);
  const floorMs = (turns / share) * 60_000;
  const windowFloorMs = (Math.ceil(turns / share) - 1) * 60_000 - (t0 % 60_000);
  const ratio = wallMs / floorMs;
  const done = (await db.radarScan.groupBy({ by: ["watchId"], where: { status: "done" } })).length;
  console.log(
    `[radar-scan] scans ${JSON.stringify(Object.fromEntries(byStatus.map((s) => [s.status, s._count])))}; Radar units per window ${windows.map((w) => w.count).join(", ")}`,
  );
  figure(
    "radar scans settled",
    `${done}/${N} vehicles done, ${turns} turns, ${open} unfinished; planning took ${(plannedMs / 1000).toFixed(1)} s`,
  );
  figure(
    "radar floor by window",
    `${(Math.max(0, windowFloorMs) / 1000).toFixed(1)} s (the last window's opening: a partial first window still carries a whole share)`,
  );
  figure(
    "radar scheduler CPU per check",
    `${(cpu / Math.max(1, checks)).toFixed(3)} ms (${Math.round(cpu)} ms over ${checks} scan runs; ${(cpu / N).toFixed(2)} ms per vehicle, this process: queues, reactions, the person's lookups)`,
  );
  const q = (p: number) =>
    [...people.ms].sort((a, b) => a - b)[
      Math.min(people.ms.length - 1, Math.floor(p * people.ms.length))
    ] ?? 0;
  figure(
    "radar person's lookups",
    `${people.sent} sent (first ${people.ms[0] ?? 0} ms), ${people.refused} refused by the budget, ${people.other} other errors; start (stored + sent) p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
  );
  target(
    "radar backlog wall time",
    `${(wallMs / 60_000).toFixed(2)} min, ${done}/${N} vehicles done, person refused ${people.refused}`,
    `<= ${WITHIN}x floor, all done, 0 person refused`,
    ratio <= WITHIN && done === N && open === 0 && people.refused === 0,
    {
      baseline: `floor ${(floorMs / 60_000).toFixed(2)} min (${turns} turns / ${share} per min)`,
      ratio,
    },
  );
  await receiver.close();
}

runBench(main);
