import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { startLookupReceiver } from "../support/family-lookup";
import {
  dueNow,
  ownerWatch,
  pinSandboxClock,
  pinTimelineDay,
  radarPlates,
  runRadar,
} from "../support/radar-watches";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest } from "../support/upstream-helpers";
import { sleep, until } from "../support/time";
import type { WebhookReceiver } from "../support/webhook-receiver";

// Radar's engine over the real sandbox: the planner queues a watch's turn, the scan sends the
// re-lookup, the result arrives as a real webhook and the reaction compares it with the watch's
// last one. The sandbox's RDR vehicles tell their story by day; the clock is pinned to each day.

const SCALE = 0.01;
let env: TestEnvironment;
let receiver: WebhookReceiver;

const db = async () => (await import("@/lib/db/client")).db;
const events = async (watchId: string) =>
  (await db()).radarEvent.findMany({ where: { watchId }, orderBy: { createdAt: "asc" } });
const changes = async (watchId: string) =>
  (await events(watchId)).filter((e) => !["discountEnds", "dueSoon"].includes(e.kind));
const scans = async (watchId: string) =>
  (await db()).radarScan.findMany({ where: { watchId }, orderBy: { dueAt: "asc" } });
const day = (d: number) => pinTimelineDay(env.sandbox.url, d, SCALE);

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: SCALE },
    env: {
      LOG_LEVEL: "silent",
      RADAR_AUTHORITY_RETRY_MS: "1500",
      // A small budget, so Radar's ceiling is reached in the last test: 60 a minute, 12 of them the
      // money reserve, 48 general, of which Radar may take 24.
      UPSTREAM_RATE_PER_MINUTE: "60",
      RATE_LIMIT_LOOKUPS: "1000",
    },
  });
  receiver = await startLookupReceiver();
});
afterAll(async () => {
  if (env) await pinSandboxClock(env.sandbox.url, null);
  await receiver?.close();
  await env.close();
});

describe("radar engine", () => {
  const [v] = radarPlates(1, 1);
  let watchId = "";

  it("the first result becomes the baseline: no change told, the watch moves to its next turn", async () => {
    await day(1);
    watchId = await ownerWatch(v!);
    await runRadar();
    const watch = await (await db()).radarWatch.findUniqueOrThrow({ where: { id: watchId } });
    const [scan] = await scans(watchId);
    expect(scan).toMatchObject({ status: "done", errorCode: null });
    expect(watch.baselineLookupId).toBe(scan!.lookupId);
    expect(watch.nextScanAt!.getTime()).toBeGreaterThan(Date.now());
    expect(watch.notBefore).toEqual(watch.nextScanAt);
    expect(await changes(watchId)).toEqual([]);
  });

  it("a fine that appears on the timeline is told once, with the lookup it was seen in, also when the comparison is replayed", async () => {
    await day(2);
    await dueNow(watchId);
    await runRadar();
    const found = await changes(watchId);
    expect(found).toHaveLength(1);
    const scan = (await scans(watchId))[1]!;
    expect(found[0]).toMatchObject({
      kind: "appeared",
      type: "ticket",
      title: "Multa - Estacionar em local proibido",
      amountCents: 19523,
      lookupId: scan.lookupId,
      userId: null,
    });
    expect(found[0]!.debtId).toBeTruthy();
    expect(found[0]!.debtKey).toMatch(/^ticket:ait:RDR1A00/);

    // Replayed: the same comparison run again (another instance, a redelivered result) tells nothing new.
    const { settleScans } = await import("@/lib/radar/settle-scans");
    const baseline = (await scans(watchId))[0]!.lookupId;
    const d = await db();
    await d.radarWatch.update({ where: { id: watchId }, data: { baselineLookupId: baseline } });
    await d.radarScan.update({ where: { id: scan.id }, data: { status: "running" } });
    const debts = await d.lookupDebt.findMany({ where: { lookupId: scan.lookupId! } });
    const before = (await events(watchId)).length;
    await d.$transaction((tx) =>
      settleScans(tx, new Date(), [
        { lookupRowId: scan.lookupId!, status: "debts", errorCode: null, debts },
      ]),
    );
    expect((await events(watchId)).length).toBe(before);
    expect(
      (await d.radarWatch.findUniqueOrThrow({ where: { id: watchId } })).baselineLookupId,
    ).toBe(scan.lookupId);
  });

  it("two results of one watch settled in one group (one claim of webhooks): the newer ends as the baseline, nothing told twice", async () => {
    const { settleScans } = await import("@/lib/radar/settle-scans");
    const d = await db();
    const [older, newer] = await scans(watchId);
    await d.radarWatch.update({ where: { id: watchId }, data: { baselineLookupId: null } });
    await d.radarScan.updateMany({
      where: { id: { in: [older!.id, newer!.id] } },
      data: { status: "running" },
    });
    const before = (await events(watchId)).length;
    const result = async (lookupId: string) => ({
      lookupRowId: lookupId,
      status: "debts",
      errorCode: null,
      debts: await d.lookupDebt.findMany({ where: { lookupId } }),
    });
    const { outcomes } = await d.$transaction(async (tx) =>
      settleScans(tx, new Date(), [await result(newer!.lookupId!), await result(older!.lookupId!)]),
    );
    expect(outcomes.size).toBe(2);
    expect(
      (await d.radarWatch.findUniqueOrThrow({ where: { id: watchId } })).baselineLookupId,
    ).toBe(newer!.lookupId);
    expect((await events(watchId)).length).toBe(before);
    expect((await scans(watchId)).slice(0, 2).map((s) => s.status)).toEqual(["done", "done"]);
  });

  it("an authority error changes nothing and is retried with a fresh lookup; the retry tells the discount that ended", async () => {
    await day(3);
    await dueNow(watchId);
    const d = await db();
    const before = (await changes(watchId)).length;
    const baseline = (await d.radarWatch.findUniqueOrThrow({ where: { id: watchId } }))
      .baselineLookupId;
    await until(
      async () => {
        await runRadar();
        return (await scans(watchId))[2]?.errorCode === "AUTHORITY_901";
      },
      { message: "authority error seen" },
    );
    const waiting = (await scans(watchId))[2]!;
    expect(waiting).toMatchObject({ status: "queued", lookupId: null });
    expect(waiting.notBefore!.getTime()).toBeGreaterThan(Date.now());
    expect((await changes(watchId)).length).toBe(before);
    expect(
      (await d.radarWatch.findUniqueOrThrow({ where: { id: watchId } })).baselineLookupId,
    ).toBe(baseline);

    await day(4);
    await sleep(Math.max(0, waiting.notBefore!.getTime() - Date.now()) + 50);
    await until(
      async () => {
        await runRadar();
        return (await scans(watchId))[2]?.status === "done";
      },
      { message: "retried scan done", timeoutMs: 15_000 },
    );
    const told = (await changes(watchId)).slice(before);
    expect(told).toEqual([
      expect.objectContaining({
        kind: "amountChanged",
        reason: "discountEnded",
        previousAmountCents: 7810,
        amountCents: 13016,
      }),
    ]);
    // Two lookups for that turn upstream: the failed one and its retry.
    expect(
      new Set((await d.lookup.findMany({ where: { plate: v!.plate } })).map((l) => l.id)).size,
    ).toBe(4);
  });

  it("a vehicle not found stops its watch with a notice, once, and is never looked up again", async () => {
    const wrong = { ...familyVehicle("RDR1A01")!, renavam: familyVehicle("RDR1A02")!.renavam };
    const id = await ownerWatch(wrong);
    await runRadar();
    const d = await db();
    const watch = await d.radarWatch.findUniqueOrThrow({ where: { id } });
    expect(watch).toMatchObject({
      status: "stopped",
      stopReason: "vehicle_not_found",
      notBefore: null,
    });
    expect(await events(id)).toEqual([
      expect.objectContaining({ kind: "stopped", reason: "vehicle_not_found" }),
    ]);
    await runRadar();
    expect(await scans(id)).toHaveLength(1);
  });

  it("a watch stopped before its scan runs sends nothing", async () => {
    const id = await ownerWatch(radarPlates(1, 1, 3)[0]!, { dueInMs: 60_000 });
    // Its turn queued (as the planner does), then the owner unsubscribes before the scan runs.
    const { queueScan } = await import("@/lib/radar/planner-job");
    await queueScan(id, new Date(Date.now() - 1000));
    const d = await db();
    await d.radarWatch.update({
      where: { id },
      data: {
        status: "stopped",
        stopReason: "unsubscribed",
        stoppedAt: new Date(),
        notBefore: null,
      },
    });
    await runRadar();
    expect(await scans(id)).toEqual([
      expect.objectContaining({ status: "skipped", lookupId: null }),
    ]);
    expect(await d.lookup.count({ where: { plate: "RDR1A03" } })).toBe(0);
  });

  it("a re-lookup whose result has not come waits past the upstream's last webhook retry (90 min), then fails", async () => {
    const v = radarPlates(1, 1, 4)[0]!;
    const id = await ownerWatch(v, { dueInMs: 60_000 });
    const { queueScan } = await import("@/lib/radar/planner-job");
    const { radarScans } = await import("@/lib/radar/workers");
    await queueScan(id, new Date(Date.now() - 1000));
    const d = await db();
    // Sent and acknowledged 20 minutes ago; its webhook was refused once and is due again by retry.
    const sentAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const lookup = await d.lookup.create({
      data: {
        externalId: randomUUID(),
        transactionId: String(Date.now()),
        uf: v.uf,
        plate: v.plate,
        renavam: v.renavam,
        cpfCnpj: v.cpfCnpj,
        createdAt: sentAgo(20),
      },
    });
    await d.radarScan.updateMany({
      where: { watchId: id },
      data: { lookupId: lookup.id, status: "running" },
    });
    await radarScans.kick();
    const waiting = (await scans(id))[0]!;
    expect(waiting.status).toBe("running");
    // Checked back in about 5 minutes, not every 20 s: only a retry can bring the result now.
    expect(waiting.notBefore!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    await d.lookup.update({ where: { id: lookup.id }, data: { createdAt: sentAgo(96) } });
    await d.radarScan.updateMany({ where: { watchId: id }, data: { notBefore: null } });
    await radarScans.kick();
    expect((await scans(id))[0]).toMatchObject({ status: "failed", errorCode: "LOOKUP_TIMEOUT" });
    expect(await changes(id)).toEqual([]);
  });

  // Last: it leaves scans waiting for the next minute's budget.
  it("Radar stops at its ceiling and waits for the next window; a person's lookups in that window are all accepted", async () => {
    const { env: config } = await import("@/lib/env");
    const { POST } = await import("@/app/api/lookups/route");
    const { windowOf } = await import("@/lib/upstream/budget-rules");
    expect(config.radar.budgetShare).toBe(24);
    const fleet = radarPlates(30, 3);
    const d = await db();
    const ids = await Promise.all(fleet.map((v) => ownerWatch(v)));
    const firstWindow = windowOf(Date.now());
    const { radarPlanner, radarScans } = await import("@/lib/radar/workers");
    await radarPlanner.kick();
    await radarScans.kick();
    // More than Radar may send: the rest wait, queued without a lookup, none failed.
    const waiting = await d.radarScan.findMany({ where: { watchId: { in: ids }, lookupId: null } });
    const windows = windowOf(Date.now()) - firstWindow + 1;
    expect(waiting.length).toBeGreaterThanOrEqual(30 - 24 * windows);
    for (const s of waiting) {
      expect(s.status).toBe("queued");
      // Deferred to a later window, or not claimed at all: once this process knows Radar's share of
      // the window is spent it claims nothing until the deferred rows wake it (lib/radar/workers.ts).
      if (s.notBefore) expect(windowOf(s.notBefore.getTime())).toBeGreaterThan(firstWindow);
    }
    expect(waiting.some((s) => s.notBefore !== null)).toBe(true);
    expect(await d.radarScan.count({ where: { watchId: { in: ids }, status: "failed" } })).toBe(0);
    for (const w of await d.radarBudgetWindow.findMany()) expect(w.count).toBeLessThanOrEqual(24);

    // A person's lookups in the same window: Radar took its share, the rest of the general budget is people's.
    const statuses: number[] = [];
    for (let k = 0; k < 20; k++) {
      const v = familyVehicle(`TST8A${String(k).padStart(2, "0")}`)!;
      statuses.push(
        (
          await POST(
            apiRequest("/api/lookups", {
              body: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
              ip: `10.8.${k}.1`,
            }),
          )
        ).status,
      );
    }
    expect(statuses).toEqual(Array(20).fill(201));
  });
});
