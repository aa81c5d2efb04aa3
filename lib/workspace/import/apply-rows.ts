import "server-only";
import { db } from "@/lib/db/client";
import { documentIndex } from "@/lib/privacy";
import type { ImportRow } from "./validate-rows";

// Writes checked rows in one transaction with a handful of queries, whatever the row count: read
// what exists by key, insert the new in bulk, update only what changed. Importing the same file
// twice therefore writes nothing the second time ("unchanged"), and duplicates nothing.

type Counts = { created: number; updated: number; unchanged: number };
export type Applied = { clients: Counts; vehicles: Counts & { moved: number } };

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? null) === (b ?? null);

export async function applyRows(userId: string, rows: ImportRow[]): Promise<Applied> {
  const clients: Counts = { created: 0, updated: 0, unchanged: 0 };
  const vehicles = { created: 0, updated: 0, unchanged: 0, moved: 0 };
  if (rows.length === 0) return { clients, vehicles };
  return db.$transaction(
    async (tx) => {
      const byCpf = new Map(rows.map((r) => [r.client.cpfCnpj, r.client]));
      // Found by the keyed hash: the stored documents are sealed.
      const existing = await tx.workspaceClient.findMany({
        where: { userId, cpfCnpjIndex: { in: [...byCpf.keys()].map(documentIndex) } },
      });
      const idByCpf = new Map(existing.map((c) => [c.cpfCnpj, c.id]));
      for (const c of existing) {
        const input = byCpf.get(c.cpfCnpj)!;
        if (same(c.name, input.name) && same(c.phone, input.phone) && same(c.email, input.email))
          clients.unchanged++;
        else {
          await tx.workspaceClient.update({
            where: { id: c.id },
            data: { name: input.name, phone: input.phone ?? null, email: input.email ?? null },
          });
          clients.updated++;
        }
      }
      const fresh = [...byCpf.values()].filter((c) => !idByCpf.has(c.cpfCnpj));
      if (fresh.length > 0) {
        const made = await tx.workspaceClient.createManyAndReturn({
          data: fresh.map((c) => ({
            userId,
            name: c.name,
            cpfCnpj: c.cpfCnpj,
            phone: c.phone ?? null,
            email: c.email ?? null,
          })),
          select: { id: true, cpfCnpj: true },
        });
        for (const c of made) idByCpf.set(c.cpfCnpj, c.id);
        clients.created += made.length;
      }

      const plates = await tx.workspaceVehicle.findMany({
        where: { userId, plate: { in: rows.map((r) => r.vehicle.plate) } },
      });
      const byPlate = new Map(plates.map((v) => [v.plate, v]));
      const newVehicles = [];
      for (const r of rows) {
        const clientId = idByCpf.get(r.client.cpfCnpj)!;
        const v = byPlate.get(r.vehicle.plate);
        if (!v) {
          newVehicles.push({ userId, clientId, ...r.vehicle });
          continue;
        }
        if (v.clientId === clientId && v.uf === r.vehicle.uf && v.renavam === r.vehicle.renavam) {
          vehicles.unchanged++;
          continue;
        }
        // Decision: in an import the spreadsheet is the despachante's current truth, so a plate
        // listed under another client moves to it (counted as "moved"); the form refuses instead.
        if (v.clientId !== clientId) vehicles.moved++;
        await tx.workspaceVehicle.update({
          where: { id: v.id },
          data: { clientId, uf: r.vehicle.uf, renavam: r.vehicle.renavam },
        });
        vehicles.updated++;
      }
      if (newVehicles.length > 0)
        vehicles.created = (await tx.workspaceVehicle.createMany({ data: newVehicles })).count;
      return { clients, vehicles };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
