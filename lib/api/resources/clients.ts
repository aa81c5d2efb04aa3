import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/http/validation";
import { eraseClient } from "@/lib/personal-data/erase-client";
import type { PageQuery } from "@/lib/validation/api-query";
import {
  clientInputSchema,
  vehicleInputSchema,
  type ClientInput,
  type VehicleInput,
} from "@/lib/validation/workspace-input";
import {
  maskedDocument,
  type ClientRow as WorkspaceClientRow,
} from "@/lib/workspace/clients/client-view";
import { createClient, getClient, updateClient } from "@/lib/workspace/clients/clients";
import { addVehicle, deleteVehicle, updateVehicle } from "@/lib/workspace/clients/vehicles";
import { formatPhone } from "@/lib/rules/cpf-cnpj";
import { decodeCursor, DEFAULT_LIMIT, NEWEST_FIRST, olderThan, pageOf } from "../cursor";

// Clients and their vehicles through the API: the workspace's own services do every write (the
// same rules, the same errors); this file only reads rows into the API's shapes (../schemas.ts).

type VehicleRow = { id: string; clientId: string; plate: string; uf: string; renavam: string };
type ClientRow = WorkspaceClientRow & { vehicles: VehicleRow[] };

const vehicleOut = (v: VehicleRow) => ({
  id: v.id,
  clientId: v.clientId,
  plate: v.plate,
  uf: v.uf,
  renavam: v.renavam,
});

const clientOut = (c: ClientRow) => ({
  id: c.id,
  name: c.name,
  cpfCnpjMasked: maskedDocument(c.cpfCnpj),
  phone: c.phone ? formatPhone(c.phone) : null,
  email: c.email,
  vehicles: c.vehicles.map(vehicleOut),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const withVehicles = { vehicles: { orderBy: { createdAt: "asc" as const } } };

export async function clientsPage(userId: string, q: PageQuery) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await db.workspaceClient.findMany({
    where: { userId, ...olderThan(decodeCursor(q.cursor)) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
    include: withVehicles,
  });
  return pageOf(rows, limit, clientOut);
}

export async function readClient(userId: string, clientId: string) {
  const row = await db.workspaceClient.findFirst({
    where: { id: clientId, userId },
    include: withVehicles,
  });
  if (!row) throw notInWorkspace("Cliente");
  return clientOut(row);
}

export async function addClient(userId: string, input: ClientInput) {
  return readClient(userId, (await createClient(userId, input)).id);
}

/** PATCH: the fields sent replace the stored ones; "" clears phone or e-mail. */
export async function patchClient(userId: string, clientId: string, patch: Partial<ClientInput>) {
  const { edit } = await getClient(userId, clientId);
  const merged = parseOrThrow(clientInputSchema, { ...edit, ...patch });
  await updateClient(userId, clientId, merged);
  return readClient(userId, clientId);
}

export async function removeClient(userId: string, clientId: string) {
  await eraseClient(userId, clientId);
  return { id: clientId, deleted: true as const };
}

async function readVehicle(userId: string, vehicleId: string) {
  const row = await db.workspaceVehicle.findFirst({ where: { id: vehicleId, userId } });
  if (!row) throw notInWorkspace("Veículo");
  return vehicleOut(row);
}

export { readVehicle };

export async function addClientVehicle(userId: string, clientId: string, input: VehicleInput) {
  return readVehicle(userId, (await addVehicle(userId, clientId, input)).id);
}

export async function patchVehicle(
  userId: string,
  vehicleId: string,
  patch: Partial<VehicleInput>,
) {
  const current = await readVehicle(userId, vehicleId);
  await updateVehicle(
    userId,
    vehicleId,
    parseOrThrow(vehicleInputSchema, { ...current, ...patch }),
  );
  return readVehicle(userId, vehicleId);
}

export async function removeVehicle(userId: string, vehicleId: string) {
  await deleteVehicle(userId, vehicleId);
  return { id: vehicleId, deleted: true as const };
}
