import "server-only";
import { notInWorkspace } from "@/lib/auth/user-route";
import type { WorkspaceUser } from "@/lib/auth/session";
import { createCheckout, type CreatedCheckout } from "@/lib/checkouts/create-checkout";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { fieldsOf } from "@/lib/http/validation";
import { moduleLogger } from "@/lib/log/logger";
import { linkStage, paidOnSaoPauloDay, type LinkStage } from "@/lib/rules/link-filters";
import { customerInputSchema } from "@/lib/validation/customer-input";
import type {
  WorkspaceLinkFilter,
  WorkspaceLinkInput,
} from "@/lib/validation/workspace-link-input";
import { readLinks, type LinkView } from "./list-links";
import { shareUrl } from "./owned-link";
import { clock } from "@/lib/clock";

const log = moduleLogger("account-links");

// The despachante's links in the workspace: made from one of the account's lookups for one of its
// clients, owned by the account (Checkout.ownerUserId), listed with the same reading as the
// cookie's "Meus links". Every query names the account in its WHERE.

export type AccountLinkView = LinkView & {
  stage: LinkStage;
  url: string;
  clientName?: string;
  clientPhone?: string;
};

const MAX_ACCOUNT_LINKS = 500;

export async function listAccountLinks(
  userId: string,
  filter: WorkspaceLinkFilter = {},
  now = clock.now(),
) {
  const rows = await readLinks(
    { ownerUserId: userId, ...(filter.client ? { clientId: filter.client } : {}) },
    MAX_ACCOUNT_LINKS,
    now,
  );
  const clients = await db.workspaceClient.findMany({
    where: { userId },
    select: { id: true, name: true, phone: true },
  });
  const byId = new Map(clients.map((c) => [c.id, c]));
  const links: AccountLinkView[] = rows
    .map((l) => {
      const c = l.clientId ? byId.get(l.clientId) : undefined;
      return {
        ...l,
        stage: linkStage(l.status, l.payment?.liquidationStatus),
        url: shareUrl(l.token),
        ...(c ? { clientName: c.name, ...(c.phone ? { clientPhone: c.phone } : {}) } : {}),
      };
    })
    .filter((l) => !filter.status || l.stage === filter.status)
    .filter(
      (l) =>
        !filter.paidToday || (l.status === "paid" && paidOnSaoPauloDay(l.payment?.paidAt, now)),
    );
  return { links, clients: clients.map(({ id, name }) => ({ id, name })) };
}

/** A lookup the account started through the API, for one of its vehicles. */
async function apiLookupVehicle(userId: string, lookupId: string) {
  const lookup = await db.lookup.findFirst({
    where: { id: lookupId, ownerUserId: userId },
    select: { vehicleId: true },
  });
  if (!lookup?.vehicleId) return null;
  return db.workspaceVehicle.findFirst({
    where: { id: lookup.vehicleId, userId },
    select: { clientId: true },
  });
}

/**
 * The account's lookup (through one of its batch items, a Radar re-lookup of one of its
 * vehicles: "Gerar link" from a new debt, or one it started through the API) and the client the
 * link is for.
 */
async function ownedLookupAndClient(userId: string, lookupId: string, clientId?: string) {
  const item =
    (await db.lookupBatchItem.findFirst({
      where: { lookupId, batch: { userId } },
      select: { vehicle: { select: { clientId: true } } },
    })) ??
    (
      await db.radarScan.findFirst({
        where: { lookupId, watch: { userId, kind: "workspace" } },
        select: { watch: { select: { vehicle: { select: { clientId: true } } } } },
      })
    )?.watch;
  const vehicle = item?.vehicle ?? (await apiLookupVehicle(userId, lookupId));
  if (!vehicle) throw notInWorkspace("Consulta");
  const client = await db.workspaceClient.findFirst({
    where: { id: clientId ?? vehicle.clientId, userId },
  });
  if (!client) throw notInWorkspace("Cliente");
  return client;
}

/** Checkout + share link in one step, with the payer's data from the client record. */
export async function createAccountLink(
  user: WorkspaceUser,
  input: WorkspaceLinkInput,
): Promise<CreatedCheckout> {
  const client = await ownedLookupAndClient(user.id, input.lookupId, input.clientId);
  const customer = customerInputSchema.safeParse({
    name: client.name,
    email: client.email ?? "",
    phone: client.phone ?? "",
    cpfCnpj: client.cpfCnpj,
  });
  if (!customer.success) {
    throw new AppError({
      code: "CLIENT_INCOMPLETE",
      fields: fieldsOf(customer.error),
    });
  }
  const created = await createCheckout(
    { lookupId: input.lookupId, debtIds: input.debtIds, customer: customer.data, kind: "share" },
    { ownerUserId: user.id, clientId: client.id },
  );
  log.info({ debts: input.debtIds.length }, "account link created");
  return created;
}
