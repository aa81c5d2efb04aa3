// npm run bench -- --only delisting   (alone: npx tsx tests/bench/delisting.ts [--payments 10000] [--limit 5000] [--share 50])
// Issue 47's proof: a day with N settled payments (default 10,000) whose first delisting check is
// due at once, through the real pipeline: the server's DelistingWatch queue (lib/delisting on
// lib/jobs, the production worker with its claim size and concurrency), each check inside Radar's
// ceiling (budget.takeShare, the same counter as Radar's scans), a real re-lookup to the sandbox in
// its own process at its real latency and with its rate limit, the result back as a real webhook to
// our direct webhook route and settled by the lookupsResolved reaction. Meanwhile a person looks a
// vehicle up every 600 ms (100 a minute) through startLookup as the lookup form's route does; a
// budget refusal there is the 429 a person would see (target 0).
//
// The seeded rows are what a settled payment leaves: the person's lookup (sealed) with its result,
// a checkout of two of its fines, a card payment paid and settled, and its DelistingWatch made by
// watchSettledPayment itself (the reaction that runs in the settling transaction). The paid fines
// carry ids and AITs the sandbox never listed (it never saw these payments), so every payment is
// confirmed at its first check: the bench measures the checks' throughput and budget, not the lag.
// Seeding is bulk (insertRows) and outside the measured time.
//
// --limit is the upstream's rate per minute (the sandbox's limit and UPSTREAM_RATE_PER_MINUTE).
// Default 5,000/min, an enterprise account's rate: Radar's ceiling is then 2,000/min (50% of the
// 4,000 left after the 20% money reserve), so 10,000 checks have a 5-minute floor; at the 1,000/min
// of radar-scan they would take 25 minutes whatever the code does, and the higher rate also shows
// whether the queue itself keeps up with a ceiling of 33 checks a second.
//
// The floor: N / share minutes of steady sending; the target is the wall time from the first check
// (the worker's first kick) to the last decision within 1.1x of it. The per-window floor is printed
// beside it (fixed minute windows: a first, partial window still carries a whole share). The
// ceiling is read twice: our counter (RadarBudgetWindow, one row per minute window, the target) and
// the sandbox's received check lookups per minute of its own clock (a lookup that took its unit at
// the end of a window may arrive in the next one, so that count is a figure, not the target).
import "../../scripts/lib/allow-server-only";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { familyVehicle } from "../../lib/sandbox/catalog/family";
import { freePort } from "../support/app-process";
import { arg } from "./lib/app-instance";
import { runBench, startSandboxProcess, storefrontOnSandbox } from "./lib/sandbox-process";
import { figure, target } from "./lib/table";

const N = Number(arg("payments", "10000"));
const LIMIT = Number(arg("limit", "5000"));
const SHARE_PERCENT = Number(arg("share", "50"));
const RESERVE_PERCENT = 20;
const PEOPLE_EVERY_MS = 600;
const WITHIN = 1.1;
const STALL_MS = 2 * 60_000;
const KEY = "sk_test_bench_delisting";
const SECRET = "bench-delisting-webhook-secret-0123456789abcdef";
const dir = path.resolve("data", "bench", `delisting-${process.pid}`);

// TST copies of withDebts: 23,400 distinct plates for the payments (digits 0-8, letter, two
// digits); digit 9 is the person's, as in radar-scan.
const plate = (i: number) =>
  `TST${Math.floor(i / 2600)}${String.fromCharCode(65 + Math.floor((i % 2600) / 100))}${String(i % 100).padStart(2, "0")}`;

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

async function main(): Promise<void> {
  if (N > 9 * 2600) throw new Error("--payments at most 23400");
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
    env: { RADAR_BUDGET_SHARE_PERCENT: String(SHARE_PERCENT), DELISTING_CHECK_DAYS: "1,3,7" },
  });

  const { db } = await import("../../lib/db/client");
  const { env } = await import("../../lib/env");
  (await import("../../lib/background/reactions")).registerReactions();
  const { upstream } = await import("../../lib/upstream/client");
  const { startDirectReceiver } = await import("../support/webhook-receiver");
  const receiver = await startDirectReceiver();
  await upstream.registerWebhook(`${receiver.url}/api/webhooks/uvvi/${SECRET}`);
  const share = env.radar.budgetShare;

  const seedStart = Date.now();
  const { seedSettledPayments, timing } = await import("./lib/settled-payments");
  const { settledAt, firstCheck } = await seedSettledPayments(N, plate);
  const seedMs = Date.now() - seedStart;
  console.log(
    `[delisting] ${N} settled payments seeded in ${(seedMs / 1000).toFixed(1)} s (settled ${settledAt.toISOString()}, first check due ${firstCheck.toISOString()}); Radar's ceiling ${share}/min (${SHARE_PERCENT}% of ${LIMIT - (LIMIT * RESERVE_PERCENT) / 100}); floor ${(N / share).toFixed(2)} min`,
  );

  // The person: one lookup every 600 ms, for as long as the checks run.
  const { startLookup } = await import("../../lib/lookups/start-lookup");
  const people = { sent: 0, refused: 0, other: 0, ms: [] as number[] };
  let checking = true;
  const person = (async () => {
    for (let k = 0; checking; k++) {
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

  // Every ask for a unit of Radar's ceiling, and how many were refused (the window spent): what a
  // backlog costs beyond the checks themselves (a refused check is claimed and deferred again).
  const { budget } = await import("../../lib/upstream/budget");
  const asks = { share: 0, refused: 0 };
  const takeShare = budget.takeShare.bind(budget);
  budget.takeShare = async (operation, units) => {
    const wait = await takeShare(operation, units);
    asks.share += 1;
    if (wait > 0) asks.refused += 1;
    return wait;
  };

  // The server's own worker: the reactions kick it after each settled check, its deferrals wake
  // it, and the production tick (every 30 s) is the safety net.
  const { delistingChecks } = await import("../../lib/delisting/worker");
  const cpuBefore = process.cpuUsage();
  const t0 = Date.now();
  void delistingChecks.kick();
  const tick = setInterval(() => void delistingChecks.kick(), 30_000);
  // Until every payment is decided; or, once every check was made, until no decision came for
  // STALL_MS: the rest wait for the upstream's webhook retries (15, 60, 90 min), reported below.
  let open = N;
  let lastReport = 0;
  let lastDecision = { at: t0, open: N, cpu: process.cpuUsage(cpuBefore) };
  while (open > 0 && Date.now() - t0 < (N / share) * 60_000 * 3 + 5 * 60_000) {
    await new Promise((r) => setTimeout(r, 1_000));
    open = await db.delistingWatch.count({ where: { status: "checking" } });
    if (open < lastDecision.open)
      lastDecision = { at: Date.now(), open, cpu: process.cpuUsage(cpuBefore) };
    else if (Date.now() - lastDecision.at > STALL_MS && (await db.delistingCheck.count()) >= N)
      break;
    if (Date.now() - lastReport > 60_000) {
      lastReport = Date.now();
      console.log(
        `[delisting] ${((Date.now() - t0) / 60_000).toFixed(1)} min: ${N - open}/${N} decided; person ${people.sent} sent, ${people.refused} refused`,
      );
    }
  }
  clearInterval(tick);
  // This process's CPU up to the last decision (the person's lookups after it do not count).
  const cpu = cpuMs(lastDecision.cpu);
  checking = false;
  await person;
  await delistingChecks.stop();

  const last = await db.delistingWatch.aggregate({ _max: { decidedAt: true } });
  const wallMs = (last._max.decidedAt?.getTime() ?? Date.now()) - t0;
  const verdicts = await db.delistingWatch.groupBy({ by: ["verdict"], _count: true });
  const confirmed = verdicts.find((v) => v.verdict === "confirmed")?._count ?? 0;
  const checks = await db.delistingCheck.count();
  const windows = await db.radarBudgetWindow.findMany({ orderBy: { minute: "asc" } });
  const maxWindow = Math.max(0, ...windows.map((w) => w.count));

  // What the sandbox received: the checks' lookups (by our externalId) per minute of its clock.
  const ours = new Set(
    (
      await db.lookup.findMany({ where: { origin: "delisting" }, select: { externalId: true } })
    ).map((l) => l.externalId),
  );
  const res = await fetch(`${sandboxUrl}/__sandbox/lookups`, { headers: { "x-api-key": KEY } });
  const received = (
    (await res.json()) as { lookups: { externalId: string; requestedAt: string }[] }
  ).lookups;
  const perMinute = new Map<number, number>();
  for (const l of received)
    if (ours.has(l.externalId)) {
      const m = minuteOf(Date.parse(l.requestedAt));
      perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
    }
  const sandboxWindows = [...perMinute.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
  const sent = sandboxWindows.reduce((a, b) => a + b, 0);
  const peopleAtSandbox = received.length - sent;

  // The results' webhooks the sandbox sent to our route: those not acknowledged (HTTP 200 within
  // the upstream's 5 s) at their first attempt wait for its retry 15 minutes later.
  const deliveries = (
    (await (
      await fetch(`${sandboxUrl}/__sandbox/deliveries`, { headers: { "x-api-key": KEY } })
    ).json()) as {
      deliveries: { payload: { externalId: string }; attempts: { status: number | null }[] }[];
    }
  ).deliveries.filter((d) => ours.has(d.payload.externalId));
  const missed = deliveries.filter((d) => d.attempts[0]?.status !== 200);
  const missedHow = new Map<string, number>();
  for (const d of missed) {
    const how = String(d.attempts[0]?.status ?? "no answer in 5 s");
    missedHow.set(how, (missedHow.get(how) ?? 0) + 1);
  }

  const floorMs = (N / share) * 60_000;
  const windowFloorMs = (Math.ceil(N / share) - 1) * 60_000 - (t0 % 60_000);
  const ratio = wallMs / floorMs;
  console.log(
    `[delisting] verdicts ${JSON.stringify(Object.fromEntries(verdicts.map((v) => [v.verdict ?? "checking", v._count])))}; Radar units per window ${windows.map((w) => w.count).join(", ")}`,
  );
  figure(
    "delisting payments decided",
    `${N - open}/${N} (${confirmed} confirmed), ${checks} checks made, ${open} undecided; seeding took ${(seedMs / 1000).toFixed(1)} s, ${(timing.watchesMs / 1000).toFixed(1)} s of it in watchSettledPayment (not measured)`,
  );
  figure(
    "delisting floor by window",
    `${(Math.max(0, windowFloorMs) / 1000).toFixed(1)} s (the last window's opening: a partial first window still carries a whole share)`,
  );
  figure(
    "delisting sandbox received per window",
    `${sandboxWindows.join(", ")} check lookups (${sent} in all, ${peopleAtSandbox} of the person's; by the sandbox's clock, a unit taken at a window's end may land in the next)`,
  );
  figure(
    "delisting budget asks",
    `${asks.share} takeShare calls for ${checks} checks, ${asks.refused} refused (the window spent: the check deferred to the next one)`,
  );
  figure(
    "delisting result webhooks",
    `${deliveries.length} delivered to our route, ${missed.length} not acknowledged at the first attempt${missed.length ? ` (${[...missedHow].map(([how, n]) => `${n} ${how}`).join(", ")}: the upstream retries 15 min later)` : ""}`,
  );
  figure(
    "delisting CPU per payment",
    `${(cpu / Math.max(1, N - lastDecision.open)).toFixed(2)} ms (${Math.round(cpu)} ms to the last decision, this process: the queue, webhooks, reactions, the person's lookups)`,
  );
  const q = (p: number) =>
    [...people.ms].sort((a, b) => a - b)[
      Math.min(people.ms.length - 1, Math.floor(p * people.ms.length))
    ] ?? 0;
  figure(
    "delisting person's lookups",
    `${people.sent} sent, ${people.refused} refused by the budget, ${people.other} other errors; start (stored + sent) p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
  );
  target(
    "delisting Radar ceiling",
    `max ${maxWindow} units in a minute window over ${windows.length} windows, ${sent} check lookups received for ${checks} checks`,
    `<= ${share} per window, none sent without a unit`,
    maxWindow <= share && sent <= windows.reduce((a, w) => a + w.count, 0),
  );
  target(
    "delisting wall time",
    `${(wallMs / 60_000).toFixed(2)} min, ${N - open}/${N} decided, person refused ${people.refused}`,
    `<= ${WITHIN}x floor, all decided, 0 person refused`,
    ratio <= WITHIN && open === 0 && people.refused === 0,
    { baseline: `floor ${(floorMs / 60_000).toFixed(2)} min (${N} / ${share} per min)`, ratio },
  );
  await receiver.close();
}

runBench(main);
