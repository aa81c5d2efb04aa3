import "server-only";
import { currentTraceparent } from "@/lib/tracing/trace";
import { db } from "@/lib/db/client";
import { insertRows, orderedIds } from "@/lib/db/bulk-sql";
import { notInWorkspace } from "@/lib/auth/user-route";
import { AppError } from "@/lib/errors/app-error";
import type { BatchInput } from "@/lib/validation/batch-input";
import { batchLog } from "./logger";
import { kickBatches } from "./worker";
import { clock } from "@/lib/clock";

// A batch: one LookupBatch and one queued item per vehicle, written in one transaction, then the
// worker is kicked (any instance's worker may take the items; the background tick would too).

export const MAX_BATCH_VEHICLES = 500;

const ITEM_COLUMNS = [
  "id",
  "batchId",
  "vehicleId",
  "status",
  "attempts",
  "createdAt",
  "updatedAt",
  "traceparent",
] as const;

export function vehicleScope(userId: string, input: BatchInput) {
  if (input.scope === "clients") return { userId, clientId: { in: input.clientIds } };
  if (input.scope === "vehicles") return { userId, id: { in: input.vehicleIds } };
  return { userId };
}

export async function startBatch(
  userId: string,
  input: BatchInput,
): Promise<{ batchId: string; vehicles: number }> {
  const where = vehicleScope(userId, input);
  const count = await db.workspaceVehicle.count({ where });
  if (count === 0) {
    throw new AppError({ code: "BATCH_EMPTY" });
  }
  if (count > MAX_BATCH_VEHICLES) {
    throw new AppError({
      code: "BATCH_TOO_LARGE",
      message: `A seleção tem ${count} veículos; o limite é ${MAX_BATCH_VEHICLES} por lote. Escolha menos clientes ou veículos.`,
      fields: { count: String(count), max: String(MAX_BATCH_VEHICLES) },
    });
  }
  const traceparent = currentTraceparent(); // each item's job span links to this request
  const batchId = await db.$transaction(async (tx) => {
    const vehicles = await tx.workspaceVehicle.findMany({
      where,
      select: { id: true },
      orderBy: [{ clientId: "asc" }, { plate: "asc" }],
    });
    const batch = await tx.lookupBatch.create({ data: { userId } });
    // One raw statement: Prisma's createMany of 500 items cost a quarter of a second of CPU.
    const now = clock.now();
    const ids = orderedIds(vehicles.length, now.getTime());
    await insertRows(
      tx,
      "LookupBatchItem",
      ITEM_COLUMNS,
      vehicles.map((v, i) => ({
        id: ids[i]!,
        batchId: batch.id,
        vehicleId: v.id,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
        traceparent,
      })),
    );
    return batch.id;
  });
  batchLog.info({ batchId, vehicles: count }, "batch lookup queued");
  void kickBatches();
  return { batchId, vehicles: count };
}

/** Puts the batch's failed items back in the queue, each with a new lookup. */
export async function retryFailed(userId: string, batchId: string): Promise<{ retried: number }> {
  if (!(await db.lookupBatch.findFirst({ where: { id: batchId, userId }, select: { id: true } })))
    throw notInWorkspace("Lote");
  const { count } = await db.lookupBatchItem.updateMany({
    where: { batchId, status: "failed", batch: { userId } },
    data: {
      status: "queued",
      lookupId: null,
      errorCode: null,
      errorMessage: null,
      summary: null,
      attempts: 0,
      notBefore: null,
      leaseOwner: null,
      leaseUntil: null,
      startedAt: null,
      finishedAt: null,
    },
  });
  if (count > 0) {
    // Open again: it finishes (and tells it) anew when these items end.
    await db.lookupBatch.updateMany({ where: { id: batchId }, data: { finishedAt: null } });
    batchLog.info({ batchId, items: count }, "failed batch items queued again");
    void kickBatches();
  }
  return { retried: count };
}
