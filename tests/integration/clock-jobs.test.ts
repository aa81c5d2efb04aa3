import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimQueue, type TestRow as Row } from "../support/jobs-queue";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";

// The server's one clock (lib/clock) moved instead of waited for: a lease an hour long that its
// claimer never gave back, and a retry backed off for a day, are taken up as soon as the clock is
// past them, on either database. Before lib/jobs read the clock, the same test had to sleep out
// the lease and the backoff.

type Db = import("@/lib/db/create-client").Db;

let t: TestEnvironment;
let db: Db;
let jobs: typeof import("@/lib/jobs");
let clock: typeof import("@/lib/clock");

beforeAll(async () => {
  t = await setupTestEnvironment();
  jobs = await import("@/lib/jobs");
  clock = await import("@/lib/clock");
  const { createPrismaClient } = await import("@/lib/db/create-client");
  db = createPrismaClient(t.databaseUrl);
});
afterAll(async () => {
  await db?.$disconnect();
  await t?.close();
});

let tag = "";
beforeEach(() => {
  tag = randomUUID();
});

const HOUR = 3_600_000;

async function seedOne(): Promise<string> {
  const id = randomUUID();
  await db.webhookEvent.create({ data: { id, dedupeKey: `${tag}|0`, type: tag, payload: tag } });
  return id;
}

describe("lib/jobs on the moved clock", () => {
  it("a lease an hour long is taken over once the clock is past it, without waiting", async () => {
    const id = await seedOne();
    const q = claimQueue(db, tag, { leaseMs: HOUR });
    const crashed = await jobs.claim<Row>(q, 10); // its claimer never finishes
    expect(crashed.rows.map((r) => r.id)).toEqual([id]);
    expect(await jobs.runClaim(q, { limit: 10, concurrency: 1 })).toBe(0); // still leased

    clock.advanceClock(HOUR + 1_000);
    expect(await jobs.runClaim(q, { limit: 10, concurrency: 1 })).toBe(1);
    const row = await db.webhookEvent.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ outcome: "applied", leaseOwner: null, attempts: 2 });
  });

  it("a retry backed off for a day is not due until the clock has moved a day", async () => {
    const id = await seedOne();
    const day = 24 * HOUR;
    const failing = claimQueue(db, tag, {
      retry: { maxAttempts: 3, baseDelayMs: day, maxDelayMs: day },
      run: async () => {
        throw new Error("upstream said no");
      },
    });
    expect(await jobs.runClaim(failing, { limit: 1, concurrency: 1 })).toBe(1);
    const backedOff = await db.webhookEvent.findUniqueOrThrow({ where: { id } });
    expect(backedOff.notBefore!.getTime() - clock.nowMs()).toBeGreaterThan(day / 2);

    const ok = claimQueue(db, tag);
    clock.advanceClock(day / 4);
    expect(await jobs.runClaim(ok, { limit: 1, concurrency: 1 })).toBe(0); // not due yet
    clock.advanceClock(day);
    expect(await jobs.runClaim(ok, { limit: 1, concurrency: 1 })).toBe(1);
    expect(await db.webhookEvent.findUniqueOrThrow({ where: { id } })).toMatchObject({
      outcome: "applied",
      attempts: 2,
    });
  });
});
