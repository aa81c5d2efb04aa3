import type { Db } from "@/lib/db/create-client";
import type { Job, LeaseTable } from "@/lib/jobs";

export type TestRow = { id: string; attempts: number; payload: string };

/** A lib/jobs queue over one test's WebhookEvent rows (payload = the test's batch tag), through one client. */
export function claimQueue(client: Db, batch: string, over: Partial<Job<TestRow>> = {}): Job<TestRow> {
  return {
    name: `test-${batch}`,
    table: client.webhookEvent as unknown as LeaseTable,
    pending: { outcome: null, payload: batch },
    orderBy: { receivedAt: "asc" },
    select: { payload: true },
    leaseMs: 30_000,
    retry: { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 1_000 },
    failedData: (error, now) => ({ outcome: "failed", error, appliedAt: now }),
    run: async () => ({ outcome: "applied", appliedAt: new Date() }),
    ...over,
  };
}
