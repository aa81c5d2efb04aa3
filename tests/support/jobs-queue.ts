import type { Db } from "@/lib/db/create-client";
import type { Job } from "@/lib/jobs";

export type TestRow = { id: string; attempts: number; payload: string; receivedAt: Date };

/**
 * A lib/jobs queue over one test's WebhookEvent rows (type = the test's tag; the payload, sealed at rest, cannot be filtered on), through one
 * database handle. It claims in one statement, as the webhook inbox does (`sql`); `{ sql: undefined }`
 * gives the portable three-step claim instead.
 */
export function claimQueue(db: Db, tag: string, over: Partial<Job<TestRow>> = {}): Job<TestRow> {
  return {
    name: `test-${tag}`,
    table: db.webhookEvent,
    pending: { outcome: null, type: tag },
    orderBy: { receivedAt: "asc" },
    select: { payload: true, receivedAt: true },
    leaseMs: 30_000,
    retry: { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 1_000 },
    failedData: (error, now) => ({ outcome: "failed", error, appliedAt: now }),
    run: async () => ({ outcome: "applied", appliedAt: new Date() }),
    sql: {
      db,
      table: "WebhookEvent",
      orderBy: "receivedAt",
      columns: ["payload", "receivedAt"],
    },
    ...over,
  };
}
