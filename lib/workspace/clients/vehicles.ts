import "server-only";
import { db } from "@/lib/db/client";
import { notInWorkspace } from "@/lib/auth/user-route";
import { moduleLogger } from "@/lib/log/logger";
import type { VehicleInput } from "@/lib/validation/workspace-input";
import { vehicleView, type VehicleView } from "./client-view";
import { isUniqueViolation, plateTaken } from "./errors";
import { deleteLookupsOf } from "./forget-lookups";

// A client's vehicles. One plate per account (the batch lookups and the import key on it).

const log = moduleLogger("workspace-vehicles");

async function plateConflict(userId: string, plate: string, exceptVehicleId?: string) {
  const holder = await db.workspaceVehicle.findFirst({
    where: { userId, plate, ...(exceptVehicleId ? { NOT: { id: exceptVehicleId } } : {}) },
    include: { client: { select: { name: true } } },
  });
  return holder ? plateTaken(plate, holder.client.name) : null;
}

export async function addVehicle(
  userId: string,
  clientId: string,
  input: VehicleInput,
): Promise<VehicleView> {
  const client = await db.workspaceClient.findFirst({
    where: { id: clientId, userId },
    select: { id: true },
  });
  if (!client) throw notInWorkspace("Cliente");
  const conflict = await plateConflict(userId, input.plate);
  if (conflict) throw conflict;
  try {
    const vehicle = await db.workspaceVehicle.create({ data: { userId, clientId, ...input } });
    log.info({ clientId, vehicleId: vehicle.id }, "vehicle added");
    return vehicleView(vehicle);
  } catch (error) {
    // Two tabs adding the same plate at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw (await plateConflict(userId, input.plate)) ?? error;
    throw error;
  }
}

export async function updateVehicle(
  userId: string,
  vehicleId: string,
  input: VehicleInput,
): Promise<VehicleView> {
  const own = await db.workspaceVehicle.findFirst({
    where: { id: vehicleId, userId },
    select: { id: true },
  });
  if (!own) throw notInWorkspace("Veículo");
  const conflict = await plateConflict(userId, input.plate, vehicleId);
  if (conflict) throw conflict;
  try {
    const { count } = await db.workspaceVehicle.updateMany({
      where: { id: vehicleId, userId },
      data: input,
    });
    if (count === 0) throw notInWorkspace("Veículo");
  } catch (error) {
    if (isUniqueViolation(error))
      throw (await plateConflict(userId, input.plate, vehicleId)) ?? error;
    throw error;
  }
  log.info({ vehicleId }, "vehicle updated");
  return vehicleView(
    await db.workspaceVehicle.findFirstOrThrow({ where: { id: vehicleId, userId } }),
  );
}

/** The vehicle, its batch items and the lookups they made (their links stay with the client). */
export async function deleteVehicle(userId: string, vehicleId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const vehicle = await tx.workspaceVehicle.findFirst({
      where: { id: vehicleId, userId },
      select: { id: true },
    });
    if (!vehicle) throw notInWorkspace("Veículo");
    const items = await tx.lookupBatchItem.findMany({
      where: { vehicleId },
      select: { lookupId: true },
    });
    const apiLookups = await tx.lookup.findMany({
      where: { ownerUserId: userId, vehicleId },
      select: { id: true },
    });
    await tx.workspaceVehicle.delete({ where: { id: vehicleId } });
    await deleteLookupsOf(tx, [...items.map((i) => i.lookupId), ...apiLookups.map((l) => l.id)]);
  });
  log.info({ vehicleId }, "vehicle deleted");
}
