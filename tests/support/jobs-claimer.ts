// A second "instance" for tests/integration/jobs-lease.test.ts: its own process and Prisma client
// on the test's SQLite file, draining that test's rows through lib/jobs. Prints "ran <id>" for
// every row it runs and "claimed <n>" after its first claim; with JOB_HANG=1 a run never returns
// (the test SIGKILLs it while it holds its rows).
// Run: node --import tsx tests/support/jobs-claimer.ts (env: DATABASE_URL, JOB_TAG, JOB_LEASE_MS, JOB_HANG).
import "../../scripts/lib/allow-server-only";

const { createPrismaClient } = await import("../../lib/db/create-client");
const { runClaim } = await import("../../lib/jobs/runner");
const { claimQueue } = await import("./jobs-queue");

const url = process.env.DATABASE_URL!;
const tag = process.env.JOB_TAG!;
const hang = process.env.JOB_HANG === "1";
const db = createPrismaClient(url);
let first = true;
const job = claimQueue(db, tag, {
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 30_000),
  run: async (row) => {
    if (first) {
      first = false;
      console.log("started");
    }
    console.log(`ran ${row.id}`);
    if (hang) await new Promise(() => {});
    await new Promise((r) => setTimeout(r, 1));
    return { outcome: "applied", appliedAt: new Date() };
  },
});
while ((await runClaim(job, { limit: 16, concurrency: 4 })) > 0);
await db.$disconnect();
