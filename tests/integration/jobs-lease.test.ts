import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimQueue, type TestRow as Row } from "../support/jobs-queue";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { sleep } from "../support/time";

// lib/jobs on a real SQLite file, and on PostgreSQL (where a claim is one statement, FOR UPDATE
// SKIP LOCKED). Other instances are other processes (tests/support/jobs-claimer.ts)
// or a second Prisma client: every row is done exactly once, a SIGKILLed claimer's rows are
// finished by another instance after its lease, a failing row backs off (in the row) and is given
// up, a deferral does not count as a try, and stopJobs hands back what this process holds. The
// table is WebhookEvent (it has the lease columns); each test tags its own rows.

type Db = import("@/lib/db/create-client").Db;
type Jobs = typeof import("@/lib/jobs");

let t: TestEnvironment;
let a: Db;
let b: Db;
let jobs: Jobs;

beforeAll(async () => {
  t = await setupTestEnvironment();
  jobs = await import("@/lib/jobs");
  const { createPrismaClient } = await import("@/lib/db/create-client");
  a = createPrismaClient(t.databaseUrl);
  b = createPrismaClient(t.databaseUrl);
});
afterAll(async () => {
  await a?.$disconnect();
  await b?.$disconnect();
  await t?.close();
});

let tag = "";
beforeEach(() => {
  tag = randomUUID();
});

async function seed(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await a.webhookEvent.createMany({
    data: ids.map((id, i) => ({ id, dedupeKey: `${tag}|${i}`, type: tag, payload: tag })),
  });
  return ids;
}

const queue = (db: Db, over: Partial<import("@/lib/jobs").Job<Row>> = {}) =>
  claimQueue(db, tag, over);

/** Another instance: a process draining this test's rows; resolves the ids it ran when it exits. */
function claimer(env: Record<string, string> = {}): {
  child: ChildProcess;
  started: Promise<void>;
  ran: Promise<string[]>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/jobs-claimer.ts"], {
    env: t.childEnv({ JOB_TAG: tag, ...env }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  let onStart: () => void;
  const started = new Promise<void>((r) => (onStart = r));
  child.stdout!.on("data", (c: Buffer) => {
    out += c.toString();
    // The first "ran" line, not "started": the test may SIGKILL as soon as this resolves, and a
    // row must already be reported as running by then.
    if (/^ran \S+$/m.test(out)) onStart();
  });
  const ran = new Promise<string[]>((resolve) =>
    // "close", not "exit": stdout may still hold lines when the process has exited.
    child.on("close", () => resolve([...out.matchAll(/^ran (\S+)$/gm)].map((m) => m[1]!))),
  );
  return { child, started, ran };
}

const rowsOf = () =>
  a.webhookEvent.findMany({ where: { type: tag }, orderBy: { dedupeKey: "asc" } });

describe("claims", () => {
  it("two instances claiming the same rows at once never both get one", async () => {
    const ids = await seed(40);
    const [x, y] = await Promise.all([
      jobs.claim<Row>(queue(a), 40),
      jobs.claim<Row>(queue(b), 40),
    ]);
    const got = [...x.rows, ...y.rows].map((r) => r.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual([...ids].sort());
    const held = await rowsOf();
    expect(held.every((r) => r.leaseOwner !== null && r.attempts === 1)).toBe(true);
  });

  it("three instances (two processes and this one) draining 300 rows side by side: each row run exactly once", async () => {
    const ids = await seed(300);
    const here = new Map<string, number>();
    const run = async (row: Row) => {
      here.set(row.id, (here.get(row.id) ?? 0) + 1);
      return { outcome: "applied", appliedAt: new Date() };
    };
    const [p, q] = [claimer(), claimer()];
    await Promise.race([p.started, q.started]);
    while ((await jobs.runClaim(queue(a, { run }), { limit: 16, concurrency: 4 })) > 0);
    const [fromP, fromQ] = [await p.ran, await q.ran];
    const all = [...fromP, ...fromQ, ...[...here].flatMap(([id, n]) => Array<string>(n).fill(id))];
    expect(
      [fromP.length, fromQ.length, here.size].filter((n) => n > 0).length,
    ).toBeGreaterThanOrEqual(2); // a real race
    expect(all.sort()).toEqual([...ids].sort()); // every row, none twice
    const rows = await rowsOf();
    expect(
      rows.every((r) => r.outcome === "applied" && r.leaseOwner === null && r.leaseUntil === null),
    ).toBe(true);
  }, 120_000);

  it.each([
    ["in one statement (`sql`)", {}],
    ["in three steps (a queue without `sql`)", { sql: undefined }],
  ])(
    "a claim %s takes the oldest due rows first and reads their columns back exactly (dates included)",
    async (_, over) => {
      const base = Date.parse("2026-03-01T12:00:00.123Z");
      const ages = [4, 0, 3, 1, 2]; // inserted out of order
      const ids = await seed(5);
      for (const [i, id] of ids.entries())
        await a.webhookEvent.update({
          where: { id },
          data: { receivedAt: new Date(base + ages[i]! * 60_000) },
        });
      const { rows } = await jobs.claim<Row>(queue(a, over), 3);
      expect(rows.map((r) => r.receivedAt.toISOString())).toEqual(
        [0, 1, 2].map((m) => new Date(base + m * 60_000).toISOString()),
      );
      expect(rows.map((r) => r.id)).toEqual([ids[1], ids[3], ids[4]]);
      expect(rows.every((r) => r.attempts === 1 && r.payload === tag)).toBe(true);
      // Held: a second claim gets only the two left; a third, nothing.
      expect((await jobs.claim<Row>(queue(b, over), 10)).rows.map((r) => r.id)).toEqual([
        ids[2],
        ids[0],
      ]);
      expect((await jobs.claim<Row>(queue(a, over), 10)).rows).toEqual([]);
      // Their lease runs out: due again, oldest first, counted as a second try.
      await a.webhookEvent.updateMany({
        where: { id: { in: ids } },
        data: { leaseUntil: new Date(Date.now() - 1) },
      });
      const again = await jobs.claim<Row>(queue(b, over), 2);
      expect(again.rows.map((r) => [r.id, r.attempts])).toEqual([
        [ids[1], 2],
        [ids[3], 2],
      ]);
    },
  );

  it("a queue that reads relations claims in one statement too, and reads its rows back by the claim's token", async () => {
    // Batch items need their vehicle (a relation): their PostgreSQL claim returns no columns and
    // the rows come back through the queue's select. Same guarantees: oldest first, never shared.
    const readsBack = (db: Db) => {
      const q = queue(db);
      return { ...q, sql: { ...q.sql!, columns: undefined } };
    };
    const base = Date.parse("2026-03-01T12:00:00.123Z");
    const ids = await seed(30);
    for (const [i, id] of ids.entries())
      await a.webhookEvent.update({
        where: { id },
        data: { receivedAt: new Date(base + (29 - i) * 1_000) },
      });
    const [x, y] = await Promise.all([
      jobs.claim<Row>(readsBack(a), 20),
      jobs.claim<Row>(readsBack(b), 20),
    ]);
    const got = [...x.rows, ...y.rows];
    expect(new Set(got.map((r) => r.id)).size).toBe(30);
    for (const claimed of [x.rows, y.rows]) {
      const times = claimed.map((r) => r.receivedAt.getTime());
      expect(times).toEqual([...times].sort((m, n) => m - n));
      expect(claimed.every((r) => r.payload === tag && r.attempts === 1)).toBe(true);
    }
    expect((await jobs.claim<Row>(readsBack(a), 10)).rows).toEqual([]);
  });

  it("a concurrency function is asked before each chunk: rows run that many at a time, and every row once", async () => {
    const ids = await seed(12);
    let running = 0;
    const peaks: number[] = [];
    // The webhook inbox's shape: one at a time while deliveries flow, wider once they stop.
    const sizes = [1, 1, 4, 4, 2];
    let asked = 0;
    const run = async () => {
      peaks[asked - 1] = Math.max(peaks[asked - 1] ?? 0, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return { outcome: "applied", appliedAt: new Date() };
    };
    expect(
      await jobs.runClaim(queue(a, { run }), { limit: 12, concurrency: () => sizes[asked++] ?? 1 }),
    ).toBe(12);
    expect(asked).toBe(5); // 1 + 1 + 4 + 4 + 2 rows
    expect(peaks).toEqual([1, 1, 4, 4, 2]);
    const rows = await rowsOf();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.outcome === "applied" && r.leaseOwner === null)).toBe(true);
  });

  it("a worker's gather: a trickle goes in few claims, a row after a quiet spell and a backlog go at once", async () => {
    const { defineWorker } = await import("@/lib/jobs/worker");
    // Wide enough that "at once" (under half the spacing) holds on a loaded 2-core host, where one
    // claim through SQLite took 300 ms and more beside a CPU hog; 500 ms failed there.
    const SPACING = 1_500;
    const LIMIT = 64;
    function worker(spacing: number) {
      // Each claim: when it started, its rows, and how long after the previous claim's last row ran.
      const claims: { at: number; size: number; sinceLastRun: number }[] = [];
      let lastRunAt = 0;
      const job = queue(a, {
        name: `test-${tag}-${spacing}`,
        prepare: async (rows) =>
          void claims.push({
            at: Date.now(),
            size: rows.length,
            sinceLastRun: Date.now() - lastRunAt,
          }),
        run: async () => ((lastRunAt = Date.now()), { outcome: "applied", appliedAt: new Date() }),
      });
      const w = defineWorker({
        job,
        claim: { limit: LIMIT, concurrency: LIMIT },
        stopOnShortClaim: true,
        // rows far above what comes within the spacing: every short claim waits exactly `spacing`.
        ...(spacing > 0 ? { gather: { rows: 10_000, minMs: spacing, maxMs: spacing } } : {}),
        onError: (error) => void console.error(error),
        depth: { metric: "test_depth", help: "test", count: async () => 0 },
      });
      return { w, claims };
    }
    // 80 rows stored one every 5 ms or so, each followed by a kick, as the webhook route does.
    async function trickle(w: { kick(): Promise<void>; idle(): Promise<void> }): Promise<number> {
      const startedAt = Date.now();
      for (let i = 0; i < 80; i++) {
        await a.webhookEvent.create({
          data: { id: randomUUID(), dedupeKey: `${tag}|t${i}`, type: tag, payload: tag },
        });
        void w.kick();
        await sleep(5);
      }
      const ms = Date.now() - startedAt;
      await w.idle();
      await sleep(SPACING + 50);
      await w.idle();
      return ms;
    }

    const spaced = worker(SPACING);
    const spacedMs = await trickle(spaced.w);
    expect((await rowsOf()).every((r) => r.outcome === "applied")).toBe(true);
    expect(spaced.claims.reduce((n, c) => n + c.size, 0)).toBe(80);
    // After a short claim the next waits out the spacing (a timer may round down by a millisecond).
    for (let i = 1; i < spaced.claims.length; i++) {
      if (spaced.claims[i - 1]!.size < LIMIT)
        expect(spaced.claims[i]!.at - spaced.claims[i - 1]!.at).toBeGreaterThanOrEqual(SPACING - 1);
    }

    // After a quiet spell (longer than the spacing) one row is claimed at once.
    await sleep(SPACING);
    await a.webhookEvent.create({
      data: { id: randomUUID(), dedupeKey: `${tag}|lone`, type: tag, payload: tag },
    });
    const kickedAt = Date.now();
    await spaced.w.kick();
    expect(spaced.claims.at(-1)!.size).toBe(1);
    expect(spaced.claims.at(-1)!.at - kickedAt).toBeLessThan(SPACING / 2);

    // A backlog: full claims follow each other without waiting; the short one at the end closes it.
    await sleep(SPACING);
    await seed(3 * LIMIT + 2);
    const before = spaced.claims.length;
    await spaced.w.kick();
    expect(spaced.claims.slice(before).map((c) => c.size)).toEqual([LIMIT, LIMIT, LIMIT, 2]);
    for (const c of spaced.claims.slice(before + 1))
      expect(c.sinceLastRun).toBeLessThan(SPACING / 2);

    // The same trickle without spacing: a claim for every row or two (what the spacing saves).
    tag = randomUUID();
    const unspaced = worker(0);
    const unspacedMs = await trickle(unspaced.w);
    expect(unspaced.claims.reduce((n, c) => n + c.size, 0)).toBe(80);
    // One claim at the start, then at most one per spacing while rows come, and the rest after.
    expect(spaced.claims.slice(0, before - 1).length).toBeLessThanOrEqual(
      Math.ceil(spacedMs / SPACING) + 2,
    );
    expect(unspaced.claims.length).toBeGreaterThan(2 * (Math.ceil(unspacedMs / SPACING) + 2));
    await spaced.w.stop();
    await unspaced.w.stop();
  });

  it("a claimer SIGKILLed while it holds rows: another instance waits for its lease, then finishes every row once", async () => {
    const ids = await seed(5);
    const crashed = claimer({ JOB_HANG: "1", JOB_LEASE_MS: "2000" });
    await crashed.started;
    crashed.child.kill("SIGKILL");
    const ran = await crashed.ran;
    expect(ran.length).toBeGreaterThan(0);
    const held = await rowsOf();
    expect(held.filter((r) => r.leaseOwner !== null).length).toBeGreaterThan(0);
    expect(await jobs.runClaim(queue(a), { limit: 16, concurrency: 4 })).toBe(
      5 - held.filter((r) => r.leaseOwner !== null).length,
    );
    await sleep(
      Math.max(0, Math.max(...held.map((r) => r.leaseUntil?.getTime() ?? 0)) - Date.now() + 50),
    );
    while ((await jobs.runClaim(queue(a), { limit: 16, concurrency: 4 })) > 0);
    const rows = await rowsOf();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.outcome === "applied" && r.leaseOwner === null)).toBe(true);
  }, 60_000);

  it("a crashed claimer's rows wait for its lease, then the other instance finishes them; the late finish is refused", async () => {
    const [id] = await seed(1);
    const crashed = await jobs.claim<Row>(queue(a, { leaseMs: 400 }), 10); // then never finishes
    expect(crashed.rows.map((r) => r.id)).toEqual([id]);
    expect(await jobs.runClaim(queue(b), { limit: 10, concurrency: 1 })).toBe(0); // still leased
    await sleep(450);
    expect(await jobs.runClaim(queue(b), { limit: 10, concurrency: 1 })).toBe(1);
    const row = (await rowsOf())[0]!;
    expect(row).toMatchObject({ outcome: "applied", leaseOwner: null, attempts: 2 });
    // The first claimer wakes up: its lease is gone, so it writes nothing.
    expect(await jobs.finish(queue(a), crashed.token, id!, { outcome: "ignored" })).toBe(false);
    expect((await rowsOf())[0]!.outcome).toBe("applied");
  });
});

describe("retries", () => {
  it("a failing row backs off exponentially in the row and is given up after maxAttempts", async () => {
    await seed(1);
    const tries: number[] = [];
    const failing = queue(a, {
      run: async () => {
        tries.push(Date.now());
        throw new Error("upstream said no");
      },
    });
    expect(await jobs.runClaim(failing, { limit: 1, concurrency: 1 })).toBe(1);
    let row = (await rowsOf())[0]!;
    expect(row).toMatchObject({ outcome: null, attempts: 1, leaseOwner: null });
    expect(row.notBefore!.getTime() - tries[0]!).toBeGreaterThanOrEqual(250);
    // Not due yet, for this instance or any other.
    expect(await jobs.runClaim(queue(b, { run: failing.run }), { limit: 1, concurrency: 1 })).toBe(
      0,
    );
    while (tries.length < 3) {
      await sleep(100);
      await jobs.runClaim(tries.length % 2 ? queue(b, { run: failing.run }) : failing, {
        limit: 1,
        concurrency: 1,
      });
    }
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(300);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(600); // doubled
    row = (await rowsOf())[0]!;
    expect(row).toMatchObject({
      outcome: "failed",
      error: "upstream said no",
      attempts: 3,
      leaseOwner: null,
    });
    await sleep(1_100);
    expect(await jobs.runClaim(failing, { limit: 1, concurrency: 1 })).toBe(0); // given up: never again
    expect(tries).toHaveLength(3);
  });

  it("RetryLater puts the row back for later without counting a try", async () => {
    await seed(1);
    const at = new Date(Date.now() + 60_000);
    const seen: Date[] = [];
    const deferring = queue(a, {
      run: async () => {
        throw new jobs.RetryLater(at, "budget closed");
      },
      onDeferred: (d) => seen.push(d),
    });
    expect(await jobs.runClaim(deferring, { limit: 1, concurrency: 1 })).toBe(1);
    expect((await rowsOf())[0]).toMatchObject({
      outcome: null,
      attempts: 0,
      leaseOwner: null,
      notBefore: at,
    });
    expect(seen).toEqual([at]);
    expect(await jobs.runClaim(deferring, { limit: 1, concurrency: 1 })).toBe(0);
  });
});

describe("shutdown", () => {
  it("stopJobs lets running work finish, hands back rows not started, and claims nothing more", async () => {
    await seed(6);
    let started = 0;
    const slow = queue(a, {
      run: async () => {
        started++;
        await sleep(300);
        return { outcome: "applied", appliedAt: new Date() };
      },
    });
    const running = jobs.runClaim(slow, { limit: 6, concurrency: 2 });
    await sleep(100);
    await jobs.stopJobs(5_000);
    await running;
    try {
      const rows = await rowsOf();
      expect(started).toBe(2);
      expect(rows.filter((r) => r.outcome === "applied")).toHaveLength(2);
      const back = rows.filter((r) => r.outcome === null);
      expect(back).toHaveLength(4);
      expect(
        back.every((r) => r.leaseOwner === null && r.leaseUntil === null && r.attempts === 0),
      ).toBe(true);
      expect(await jobs.runClaim(slow, { limit: 6, concurrency: 2 })).toBe(0); // stopped
      expect(await jobs.runClaim(queue(b), { limit: 6, concurrency: 2 })).toBe(0); // same process: stopped too
    } finally {
      (await import("@/lib/jobs/runner")).resumeJobsForTests();
    }
    // Another instance (here: after resuming) takes them at once, without waiting for a lease.
    expect(await jobs.runClaim(queue(b), { limit: 6, concurrency: 2 })).toBe(4);
  });
});
