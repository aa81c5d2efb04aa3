import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import type { BatchInput } from "@/lib/validation/batch-input";
import type { PageQuery } from "@/lib/validation/api-query";
import { batchCsvResponse } from "@/lib/workspace/batches/batch-csv";
import { getBatchView, progressOf } from "@/lib/workspace/batches/batch-view";
import { startBatch } from "@/lib/workspace/batches/start-batch";
import type { BatchItemSummary } from "@/lib/workspace/batches/summary";
import { DEBT_COLUMNS, debtOut } from "./debts";
import { decodeCursor, DEFAULT_LIMIT, NEWEST_FIRST, olderThan, pageOf } from "../cursor";

// Batches through the API: started, counted and exported by the workspace's own code; the items
// carry their lookup's debts, which is what a link is made from (lookupId + debt ids).

export async function startApiBatch(userId: string, input: BatchInput) {
  const { batchId } = await startBatch(userId, input);
  return readBatch(userId, batchId);
}

export async function readBatch(userId: string, batchId: string) {
  const view = await getBatchView(userId, batchId);
  return { id: view.id, createdAt: view.createdAt, progress: view.progress };
}

export async function batchesPage(userId: string, q: PageQuery) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await db.lookupBatch.findMany({
    where: { userId, ...olderThan(decodeCursor(q.cursor)) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: { items: { select: { status: true, startedAt: true, finishedAt: true } } },
  });
  return pageOf(rows, limit, (b) => ({
    id: b.id,
    createdAt: b.createdAt.toISOString(),
    progress: progressOf(b.items, b.createdAt),
  }));
}

export async function batchItemsPage(userId: string, batchId: string, q: PageQuery) {
  const batch = await db.lookupBatch.findFirst({
    where: { id: batchId, userId },
    select: { id: true },
  });
  if (!batch) throw notInWorkspace("Lote");
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await db.lookupBatchItem.findMany({
    where: { batchId, ...olderThan(decodeCursor(q.cursor)) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: { vehicle: { select: { plate: true, uf: true, clientId: true } } },
  });
  const page = rows.slice(0, limit);
  const lookupIds = page.flatMap((i) => (i.status === "done" && i.lookupId ? [i.lookupId] : []));
  const debts = await db.lookupDebt.findMany({
    where: { lookupId: { in: lookupIds } },
    orderBy: [{ lookupId: "asc" }, { dueDate: "asc" }, { debtId: "asc" }],
    select: { lookupId: true, ...DEBT_COLUMNS },
  });
  const byLookup = new Map<string, typeof debts>();
  for (const d of debts) byLookup.set(d.lookupId, [...(byLookup.get(d.lookupId) ?? []), d]);
  return pageOf(rows, limit, (i) => ({
    id: i.id,
    clientId: i.vehicle.clientId,
    vehicleId: i.vehicleId,
    plate: i.vehicle.plate,
    uf: i.vehicle.uf,
    status: i.status as "queued" | "running" | "done" | "failed",
    lookupId: i.status === "done" ? i.lookupId : null,
    errorCode: i.errorCode,
    totalCents: i.summary ? (JSON.parse(i.summary) as BatchItemSummary).totalCents : null,
    debts: ((i.lookupId && byLookup.get(i.lookupId)) || []).map(debtOut),
    finishedAt: i.finishedAt?.toISOString() ?? null,
  }));
}

/** The same CSV the batch page exports. */
export async function apiBatchCsv(userId: string, batchId: string): Promise<Response> {
  return batchCsvResponse(await getBatchView(userId, batchId));
}
