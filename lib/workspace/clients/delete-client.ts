import "server-only";
import { db } from "@/lib/db/client";
import { notInWorkspace } from "@/lib/auth/user-route";
import { moduleLogger } from "@/lib/log/logger";
import { deleteLookupsOf } from "./forget-lookups";

// Deleting a client (LGPD): in one transaction, the client, its vehicles, their batch items, the
// Lookup rows those made (with the CPF/CNPJ they carry), and the client's links that moved no
// money. A link with a payment that is not refused or expired (paid, or one that may still be:
// a PIX awaiting payment, a card in analysis) is a payment record: it is kept, detached from the
// client (clientId null), with the Lookup it needs. Deleting a payment that can still land would
// leave money received with no trace.

const log = moduleLogger("workspace-clients");

const NO_MONEY = ["refused", "expired"];

export type DeletedClient = {
  vehicles: number;
  lookups: number;
  linksDeleted: number;
  linksKept: number;
};

export async function deleteClient(userId: string, clientId: string): Promise<DeletedClient> {
  const result = await db.$transaction(
    async (tx) => {
      const client = await tx.workspaceClient.findFirst({
        where: { id: clientId, userId },
        select: { id: true, vehicles: { select: { id: true } } },
      });
      if (!client) throw notInWorkspace("Cliente");
      const vehicleIds = client.vehicles.map((v) => v.id);
      const items = await tx.lookupBatchItem.findMany({
        where: { vehicleId: { in: vehicleIds } },
        select: { lookupId: true },
      });
      // Lookups the account started through the API for these vehicles.
      const apiLookups = await tx.lookup.findMany({
        where: { ownerUserId: userId, vehicleId: { in: vehicleIds } },
        select: { id: true },
      });
      const links = await tx.checkout.findMany({
        where: { clientId, ownerUserId: userId },
        select: { id: true, lookupId: true, payments: { select: { status: true } } },
      });
      const kept = links
        .filter((l) => l.payments.some((p) => !NO_MONEY.includes(p.status)))
        .map((l) => l.id);
      const dropped = links.filter((l) => !kept.includes(l.id)).map((l) => l.id);
      if (dropped.length > 0) {
        await tx.payment.deleteMany({ where: { checkoutId: { in: dropped } } });
        await tx.cardToken.deleteMany({ where: { checkoutId: { in: dropped } } });
        await tx.checkout.deleteMany({ where: { id: { in: dropped } } });
      }
      if (kept.length > 0)
        await tx.checkout.updateMany({ where: { id: { in: kept } }, data: { clientId: null } });
      // Cascades: vehicles, then their batch items.
      await tx.workspaceClient.delete({ where: { id: client.id } });
      const lookups = await deleteLookupsOf(tx, [
        ...items.map((i) => i.lookupId),
        ...apiLookups.map((l) => l.id),
        ...links.map((l) => l.lookupId),
      ]);
      return {
        vehicles: vehicleIds.length,
        lookups,
        linksDeleted: dropped.length,
        linksKept: kept.length,
      };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  log.info({ clientId, ...result }, "client deleted with its vehicles, lookups and unpaid links");
  return result;
}
