import "server-only";
import { db } from "@/lib/db/client";

/**
 * A workspace watch's first baseline: the vehicle's newest finished batch lookup with a result
 * (debts or none), or null (the first scan's result then becomes the baseline). For the
 * despachante's side, when it turns Radar on for a vehicle.
 */
export async function baselineForVehicle(vehicleId: string): Promise<string | null> {
  const item = await db.lookupBatchItem.findFirst({
    where: { vehicleId, status: "done", lookupId: { not: null } },
    orderBy: { finishedAt: "desc" },
    select: { lookupId: true },
  });
  if (!item?.lookupId) return null;
  const lookup = await db.lookup.findUnique({
    where: { id: item.lookupId },
    select: { status: true },
  });
  return lookup && (lookup.status === "debts" || lookup.status === "no_debts")
    ? item.lookupId
    : null;
}
