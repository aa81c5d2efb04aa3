import "server-only";
import { db } from "@/lib/db/client";
import { reclaimErasedSpace } from "@/lib/db/reclaim";
import { moduleLogger } from "@/lib/log/logger";
import { metrics } from "@/lib/metrics/registry";
import { deleteClient, type DeletedClient } from "@/lib/workspace/clients/delete-client";
import { eraseTraces, findTraces } from "./traces";
import { clock } from "@/lib/clock";

// A despachante deletes a client (DELETE /api/workspace/clients/{id}): deleteClient takes the
// client, its vehicles, their batch lookups and the links that moved no money, and keeps a link
// with money detached (the legal period's record, or a payment that may still land). What those
// rows left elsewhere goes too: the deliveries that carried the lookups' results, the link and
// payment mails that name the client, the test mailbox's copies. Found before the rows go (their
// ids lead to them), erased after: a crash in between leaves them to the retention task's periods.

const log = moduleLogger("personal-data");

export type ErasedClient = {
  deleted: DeletedClient;
  webhookPayloads: number;
  mails: number;
  testMailbox: number;
};

/** `reason`: the metric's label, "request" when a person's erasure takes the client. */
export async function eraseClient(
  userId: string,
  clientId: string,
  now = clock.now(),
  reason: "client_deleted" | "request" = "client_deleted",
): Promise<ErasedClient> {
  const client = await db.workspaceClient.findFirst({
    where: { id: clientId, userId },
    select: {
      vehicles: { select: { id: true, batchItems: { select: { lookupId: true } } } },
    },
  });
  const batchLookupIds =
    client?.vehicles.flatMap((v) =>
      v.batchItems.flatMap((i) => (i.lookupId ? [i.lookupId] : [])),
    ) ?? [];
  // Its vehicles' lookups: a batch's, and those the account started through the API.
  const batchLookups = await db.lookup.findMany({
    where: {
      OR: [
        { id: { in: batchLookupIds } },
        { ownerUserId: userId, vehicleId: { in: client?.vehicles.map((v) => v.id) ?? [] } },
      ],
    },
    select: { externalId: true, transactionId: true },
  });
  const links = await db.checkout.findMany({
    where: { clientId, ownerUserId: userId },
    select: {
      id: true,
      lookup: { select: { externalId: true, transactionId: true } },
      payments: { select: { id: true, externalId: true, transactionId: true } },
    },
  });
  const lookups = [...batchLookups, ...links.map((l) => l.lookup)];
  const traces = await findTraces({
    checkoutIds: links.map((l) => l.id),
    paymentIds: links.flatMap((l) => l.payments.map((p) => p.id)),
    eventKeys: [...lookups, ...links.flatMap((l) => l.payments)].flatMap((r) => [
      r.externalId,
      r.transactionId ?? "",
    ]),
  });
  // Throws NOT_FOUND for another account's client: nothing found above is erased then.
  const deleted = await deleteClient(userId, clientId);
  const erased = await db.$transaction((tx) => eraseTraces(tx, traces, now));
  await reclaimErasedSpace([
    "WorkspaceClient",
    "WorkspaceVehicle",
    "Lookup",
    "Checkout",
    "WebhookEvent",
    "MailMessage",
    "ReceivedMail",
  ]);
  const count = (record: string, n: number) =>
    n > 0 && metrics.personalDataErased.inc({ record, reason }, n);
  count("workspace_client", 1);
  count("lookup", deleted.lookups);
  count("checkout", deleted.linksDeleted);
  count("webhook_payload", erased.webhookPayloads);
  count("mail", erased.mails);
  count("received_mail", erased.testMailbox);
  log.info(
    { clientId, webhookPayloads: erased.webhookPayloads, mails: erased.mails },
    "client's traces erased",
  );
  return {
    deleted,
    webhookPayloads: erased.webhookPayloads,
    mails: erased.mails,
    testMailbox: erased.testMailbox,
  };
}
