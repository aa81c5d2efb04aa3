import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { startLookupReceiver } from "../support/family-lookup";
import {
  ownerWatches,
  pinSandboxClock,
  pinTimelineDay,
  radarPlates,
} from "../support/radar-watches";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { sleep, until } from "../support/time";
import { apiRequest } from "../support/upstream-helpers";
import { sandboxLookupsByPlate } from "../support/workspace-batches";
import type { WebhookReceiver } from "../support/webhook-receiver";

// Radar's fleet: three instances (processes with their own Prisma client on one database, running
// Radar's queues and the webhook inbox as lib/background does) share N watched vehicles with a
// short period, while a person's lookups come in. Counted at the sandbox's own record of lookups:
// each turn of each vehicle is looked up exactly once, turns are one period apart, no event is
// told twice, and the scans a killed instance held are finished by the others.
// Scaled to fit npm test on a 2-core host: N = 200 vehicles, a 15 s period, two turns each.

const N = 200;
const PERIOD_MS = 15_000;
const SCALE = 0.01;
let env: TestEnvironment;
let receiver: WebhookReceiver;
const children: ChildProcess[] = [];

function startInstance(extra: Record<string, string> = {}): {
  child: ChildProcess;
  output: () => string;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/radar-instance.ts"], {
    env: env.childEnv(extra),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  children.push(child);
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once("exit", r));

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: SCALE, rateLimitPerMinute: 10_000 },
    // Radar's ceiling well above what N vehicles a period need (4,000/min here), so the period,
    // not the budget, paces the fleet; tests/integration/radar-engine.test.ts holds the ceiling.
    env: {
      LOG_LEVEL: "silent",
      UPSTREAM_RATE_PER_MINUTE: "10000",
      RADAR_WEEKLY_PERIOD_MS: String(PERIOD_MS),
      RATE_LIMIT_LOOKUPS: "1000",
    },
  });
  receiver = await startLookupReceiver();
  // One timeline day throughout: the vehicles' debts do not change, so every event is a reminder.
  await pinTimelineDay(env.sandbox.url, 1, SCALE);
}, 120_000);
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  if (env) await pinSandboxClock(env.sandbox.url, null);
  await receiver?.close();
  await env?.close();
});

describe("radar fleet: three instances, one database, one upstream", () => {
  it(`${N} vehicles with a ${PERIOD_MS / 1000} s period: each turn looked up exactly once at the sandbox, no event twice, a person's lookups all accepted, a killed instance's scans finished by the others`, async () => {
    const { db } = await import("@/lib/db/client");
    const { runClaim } = await import("@/lib/jobs/runner");
    const { plannerJob } = await import("@/lib/radar/planner-job");
    const vehicles = radarPlates(N, 2);
    const ids = await ownerWatches(vehicles);

    // Every vehicle's first turn queued at once (a backlog), without starting this process's scans.
    expect(await runClaim(plannerJob({ onQueued: () => {} }), { limit: N, concurrency: 10 })).toBe(
      N,
    );
    expect(await db.radarScan.count()).toBe(N);

    // An instance claims 20 scans and dies holding them.
    const dying = startInstance({ RADAR_DIE: "20" });
    await until(() => dying.output().includes("held"), {
      timeoutMs: 30_000,
      message: "dying instance claimed",
    });
    const held = dying
      .output()
      .trim()
      .replace(/^held /, "")
      .split(",");
    expect(held).toHaveLength(20);
    dying.child.kill("SIGKILL");
    await exited(dying.child);

    const fleet = [startInstance(), startInstance(), startInstance()];
    await until(() => fleet.every((i) => i.output().includes("ready")), {
      timeoutMs: 30_000,
      message: "instances ready",
    });

    // A person's lookups while the fleet scans, one every 300 ms from this process.
    const { POST } = await import("@/app/api/lookups/route");
    const statuses: number[] = [];
    let scanning = true;
    const people = (async () => {
      for (let k = 0; scanning; k++) {
        const v = familyVehicle(`TST7A${String(k % 100).padStart(2, "0")}`)!;
        const res = await POST(
          apiRequest("/api/lookups", {
            body: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
            ip: `10.9.${k % 250}.1`,
          }),
        );
        statuses.push(res.status);
        await sleep(300);
      }
    })();

    // Two turns done for every vehicle.
    await until(
      async () => {
        const done = await db.radarScan.groupBy({
          by: ["watchId"],
          where: { status: "done" },
          _count: { _all: true },
        });
        return done.length === N && done.every((g) => g._count._all >= 2);
      },
      { timeoutMs: 150_000, everyMs: 500, message: "two turns done for every vehicle" },
    );
    scanning = false;
    await people;
    // Planning stops (no new turn is queued), and what the instances have in hand finishes.
    await db.radarWatch.updateMany({
      data: { status: "stopped", stopReason: "removed", notBefore: null },
    });
    await sleep(1_000);
    for (const i of fleet) i.child.kill("SIGTERM");
    await Promise.all(fleet.map((i) => exited(i.child)));
    const { dispatchPendingWebhooks } = await import("@/lib/webhooks/dispatch");
    await sleep(500);
    await dispatchPendingWebhooks();

    // At the sandbox: one upstream lookup per scan that sent one, never two for a turn.
    const atSandbox = sandboxLookupsByPlate(env.sandbox.ctx.store as never);
    const scans = await db.radarScan.findMany({
      select: { watchId: true, dueAt: true, lookupId: true, status: true },
      orderBy: { dueAt: "asc" },
    });
    const plateOf = new Map(ids.map((id, i) => [id, vehicles[i]!.plate]));
    const gaps: number[] = [];
    for (const id of ids) {
      const mine = scans.filter((s) => s.watchId === id);
      const sent = mine.filter((s) => s.lookupId !== null);
      expect(atSandbox.get(plateOf.get(id)!) ?? 0, plateOf.get(id)).toBe(sent.length);
      // Every turn on its grid after the first (the backlog's catch-up turn): a whole number of
      // periods apart, never drifting, never two in one period. A planner that runs more than a
      // period late skips the missed turn (lib/radar/planner-job.ts), which a loaded host causes
      // now and then (a 45 s gap, seen with a build beside the fleet); under load a turn may also
      // still be in flight when planning stops (it is then skipped).
      for (let k = 2; k < mine.length; k++) {
        const gap = mine[k]!.dueAt.getTime() - mine[k - 1]!.dueAt.getTime();
        expect(gap % PERIOD_MS, JSON.stringify(mine)).toBe(0);
        expect(gap, JSON.stringify(mine)).toBeGreaterThan(0);
        gaps.push(gap / PERIOD_MS);
      }
      expect(mine.filter((s) => s.status === "done").length).toBeGreaterThanOrEqual(2);
    }
    // Skipping is the exception: nearly every turn follows the one before by one period.
    const skipped = gaps.filter((g) => g > 1).length;
    console.log(`radar fleet: ${gaps.length} turn gaps, ${skipped} with a skipped turn`);
    expect(skipped).toBeLessThanOrEqual(Math.floor(gaps.length / 10));
    expect(await db.lookup.count({ where: { plate: { startsWith: "RDR2" } } })).toBe(
      [...atSandbox].filter(([p]) => p.startsWith("RDR2")).reduce((a, [, n]) => a + n, 0),
    );

    // The scans the killed instance held were finished by the others, each with one lookup.
    const orphans = await db.radarScan.findMany({ where: { id: { in: held } } });
    expect(orphans.map((s) => s.status)).toEqual(Array(20).fill("done"));

    // Events: the day does not change, so the same reminders for every vehicle, told once each
    // however many turns found them again; no change.
    const events = await db.radarEvent.groupBy({ by: ["watchId", "kind"], _count: { _all: true } });
    expect(new Set(events.map((e) => e.kind)).size).toBeGreaterThan(0);
    for (const e of events) expect(["discountEnds", "dueSoon"]).toContain(e.kind);
    const perWatch = new Map<string, number>();
    for (const e of events) perWatch.set(e.watchId, (perWatch.get(e.watchId) ?? 0) + e._count._all);
    expect(perWatch.size).toBe(N);
    expect(new Set(perWatch.values()).size).toBe(1);

    // The person's lookups were all accepted.
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.every((s) => s === 201)).toBe(true);
  }, 240_000);
});
