import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_VEHICLES, type CatalogVehicle } from "@/lib/sandbox/catalog/vehicles";
import type { BatchItemRow } from "@/lib/workspace/batches/batch-job";
import { signIn } from "./workspace-auth";

// Clients and vehicles written straight to the database for batch tests (the import and forms are
// another part of the workspace): one client per vehicle, with the owner's CPF/CNPJ the sandbox
// expects, so each lookup reaches the outcome its catalog entry names.

export const BATCH_SCENARIOS = [
  "withDebts",
  "cotaUnicaOnly",
  "noDebts",
  "notFoundInLookup",
  "authority900",
  "authority901",
  "authority902",
  "authority903",
  "syncAnswer",
  "cnpjOwner",
] as const;

/** n generated TST plates (copies of withDebts), distinct per `prefix` digit and offset. */
export function familyPlates(n: number, digit: number, offset = 0): CatalogVehicle[] {
  return Array.from({ length: n }, (_, i) => {
    const k = offset + i;
    const plate = `TST${digit}${String.fromCharCode(65 + Math.floor(k / 100))}${String(k % 100).padStart(2, "0")}`;
    return familyVehicle(plate)!;
  });
}

export const scenarioVehicles = () => BATCH_SCENARIOS.map((s) => SANDBOX_VEHICLES[s]);

export async function userIdOf(email: string): Promise<string> {
  const { db } = await import("@/lib/db/client");
  return (await db.user.findUniqueOrThrow({ where: { email } })).id;
}

/** One client ("Cliente <plate>", or names[i]) per vehicle; returns the clients' ids in order. */
export async function seedVehicles(
  userId: string,
  vehicles: readonly CatalogVehicle[],
  names: readonly string[] = [],
): Promise<string[]> {
  const { db } = await import("@/lib/db/client");
  const { documentIndex } = await import("@/lib/privacy");
  const ids: string[] = [];
  for (const [i, v] of vehicles.entries()) {
    const client = await db.workspaceClient.upsert({
      where: { userId_cpfCnpjIndex: { userId, cpfCnpjIndex: documentIndex(v.cpfCnpj) } },
      create: {
        userId,
        name: names[i] ?? `Cliente ${v.plate}`,
        cpfCnpj: v.cpfCnpj,
        cpfCnpjIndex: documentIndex(v.cpfCnpj),
      },
      update: {},
    });
    await db.workspaceVehicle.create({
      data: { userId, clientId: client.id, plate: v.plate, uf: v.uf, renavam: v.renavam },
    });
    ids.push(client.id);
  }
  return ids;
}

/** How many lookups the sandbox received per plate (distinct upstream lookups, not requests). */
export function sandboxLookupsByPlate(store: {
  lookups: Map<unknown, { vehicle: { licensePlate: string } }>;
}): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of store.lookups.values())
    counts.set(l.vehicle.licensePlate, (counts.get(l.vehicle.licensePlate) ?? 0) + 1);
  return counts;
}

/**
 * A new signed-in account with one client per vehicle and a batch of them, its rows written as
 * startBatch writes them but without kicking this process's worker: a test's "dying instance"
 * (claimAsDyingInstance) must be the first to claim them.
 */
export async function unclaimedBatch(
  tag: string,
  vehicles: readonly CatalogVehicle[],
): Promise<{ cookie: string; userId: string; batchId: string }> {
  const email = `lote.${tag}.${Date.now()}@despachante.test`;
  const cookie = await signIn(email);
  const userId = await userIdOf(email);
  await seedVehicles(userId, vehicles);
  const { db } = await import("@/lib/db/client");
  const batch = await db.lookupBatch.create({ data: { userId } });
  const ids = await db.workspaceVehicle.findMany({ where: { userId }, select: { id: true } });
  await db.lookupBatchItem.createMany({
    data: ids.map((v) => ({ batchId: batch.id, vehicleId: v.id })),
  });
  return { cookie, userId, batchId: batch.id };
}

const DYING_LEASE_MS = 300;

/** Claims `n` items as an instance about to die would: a lease short enough for a test to outlive. */
export async function claimAsDyingInstance(n: number): Promise<BatchItemRow[]> {
  const { claim } = await import("@/lib/jobs");
  const { batchJob } = await import("@/lib/workspace/batches/batch-job");
  return (await claim<BatchItemRow>(batchJob({ leaseMs: DYING_LEASE_MS }), n)).rows;
}

/** Waits until the dying instance's lease has run out, so another claimer may take its items. */
export const outliveDyingLease = () => new Promise((r) => setTimeout(r, DYING_LEASE_MS + 100));
