import "server-only";
import { db } from "@/lib/db/client";
import { turnRadarOff, turnRadarOn } from "@/lib/radar/workspace-watches";
import type { PageQuery } from "@/lib/validation/api-query";
import type { BatchInput } from "@/lib/validation/batch-input";
import { decodeCursor, DEFAULT_LIMIT, NEWEST_FIRST, olderThan, pageOf } from "../cursor";

// Radar through the API: turned on and off by the workspace's own code (the same monthly cap,
// refused in the same words), and its events read as the Radar page reads them.

export const radarOn = (userId: string, selection: BatchInput, recurrence: "weekly" | "daily") =>
  turnRadarOn(userId, selection, recurrence);

export const radarOff = (userId: string, selection: BatchInput) => turnRadarOff(userId, selection);

export async function radarEventsPage(userId: string, q: PageQuery) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await db.radarEvent.findMany({
    where: { userId, ...olderThan(decodeCursor(q.cursor)) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: {
      watch: {
        select: { vehicleId: true, vehicle: { select: { plate: true, uf: true, clientId: true } } },
      },
    },
  });
  return pageOf(rows, limit, (e) => ({
    id: e.id,
    kind: e.kind as
      "appeared" | "amountChanged" | "disappeared" | "discountEnds" | "dueSoon" | "stopped",
    reason: e.reason,
    vehicleId: e.watch.vehicleId,
    clientId: e.watch.vehicle?.clientId ?? null,
    plate: e.watch.vehicle?.plate ?? null,
    uf: e.watch.vehicle?.uf ?? null,
    lookupId: e.lookupId,
    debtId: e.debtId,
    debtType: e.type,
    title: e.title,
    amountCents: e.amountCents,
    previousAmountCents: e.previousAmountCents,
    dueDate: e.dueDate?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  }));
}
