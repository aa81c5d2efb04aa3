import "server-only";
import { byName } from "@/lib/workspace/clients/client-view";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { estimateSecondsLeft } from "@/lib/rules/batch-eta";
import type { BatchItemSummary } from "./summary";
import type { BatchItemView, BatchListEntry, BatchProgress, BatchView } from "./types";

export type { BatchItemView, BatchListEntry, BatchProgress, BatchView };

// What the batch pages and exports read. Every query is scoped by the account: another
// account's batch is "not found", exactly like a missing one.

/** Finishes older than this do not count towards the rate (a retry long after the first run). */
const RATE_HORIZON_MS = 10 * 60_000;

export function progressOf(
  items: readonly { status: string; finishedAt: Date | null }[],
  createdAt: Date,
  now = Date.now(),
): BatchProgress {
  const done = items.filter((i) => i.status === "done").length;
  const failed = items.filter((i) => i.status === "failed").length;
  const remaining = items.length - done - failed;
  const finishedAt = items.flatMap((i) => (i.finishedAt ? [i.finishedAt.getTime()] : []));
  const since = Math.max(createdAt.getTime(), now - RATE_HORIZON_MS);
  return {
    total: items.length,
    done,
    failed,
    remaining,
    etaSeconds: estimateSecondsLeft({ remaining, finishedAt, startedAt: since, now }),
  };
}

export async function getBatchView(userId: string, batchId: string): Promise<BatchView> {
  const batch = await db.lookupBatch.findFirst({
    where: { id: batchId, userId },
    include: {
      items: {
        orderBy: { createdAt: "asc" },
        include: {
          vehicle: {
            select: { plate: true, uf: true, clientId: true, client: { select: { name: true } } },
          },
        },
      },
    },
  });
  if (!batch) throw notInWorkspace("Lote");
  const items: BatchItemView[] = batch.items.map((i) => ({
    id: i.id,
    clientId: i.vehicle.clientId,
    clientName: i.vehicle.client.name,
    vehicleId: i.vehicleId,
    plate: i.vehicle.plate,
    uf: i.vehicle.uf,
    status: i.status as BatchItemView["status"],
    errorCode: i.errorCode,
    errorMessage: i.errorMessage,
    summary: i.summary ? (JSON.parse(i.summary) as BatchItemSummary) : null,
    finishedAt: i.finishedAt?.toISOString() ?? null,
  }));
  return {
    id: batch.id,
    createdAt: batch.createdAt.toISOString(),
    progress: progressOf(batch.items, batch.createdAt),
    items,
  };
}

export async function listBatches(userId: string, take = 50): Promise<BatchListEntry[]> {
  const batches = await db.lookupBatch.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take,
    include: { items: { select: { status: true, finishedAt: true } } },
  });
  return batches.map((b) => ({
    id: b.id,
    createdAt: b.createdAt.toISOString(),
    progress: progressOf(b.items, b.createdAt),
  }));
}

/** How many vehicles the account has, and per client, for the "new batch" page. */
export async function batchChoices(userId: string) {
  const clients = await db.workspaceClient.findMany({
    where: { userId },
    select: {
      id: true,
      name: true,
      vehicles: { select: { id: true, plate: true, uf: true }, orderBy: { plate: "asc" } },
    },
  });
  return clients.sort(byName).map((c) => ({ id: c.id, name: c.name, vehicles: c.vehicles }));
}
