import "server-only";
import type { WorkspaceUser } from "@/lib/auth/session";
import { notInWorkspace } from "@/lib/auth/user-route";
import { db } from "@/lib/db/client";
import { createAccountLink } from "@/lib/links/account-links";
import { renewAccountLink } from "@/lib/links/renew-link";
import { sendAccountLink } from "@/lib/links/send-link";
import { readLinks, type LinkView } from "@/lib/links/list-links";
import { shareUrl } from "@/lib/links/owned-link";
import { linkStage } from "@/lib/rules/link-filters";
import type { LinkQuery } from "@/lib/validation/api-query";
import type { WorkspaceLinkInput } from "@/lib/validation/workspace-link-input";
import { decodeCursor, DEFAULT_LIMIT, encodeCursor, olderThan } from "../cursor";

// Payment links through the API: made by the workspace's createAccountLink (the same checks of
// what may be paid together, the client's data as the payer's) and read by the links list's own
// reader, so a link's stage here is the one "Links" shows.

function linkOut(l: LinkView) {
  return {
    id: l.id,
    url: shareUrl(l.token),
    stage: linkStage(l.status, l.payment?.liquidationStatus),
    clientId: l.clientId ?? null,
    plate: l.plate,
    uf: l.uf,
    amountCents: l.amountCents,
    debtCount: l.debtCount,
    createdAt: l.createdAt,
    expiresAt: l.expiresAt,
    payment: l.payment
      ? {
          method: l.payment.method,
          status: l.payment.status,
          liquidationStatus: l.payment.liquidationStatus ?? null,
          paidAt: l.payment.paidAt ?? null,
          debtsSettled: l.payment.debtsSettled,
          debtsTotal: l.payment.debtsTotal,
        }
      : null,
  };
}

export async function readLink(userId: string, linkId: string) {
  const [link] = await readLinks({ ownerUserId: userId, id: linkId }, 1);
  if (!link) throw notInWorkspace("Link");
  return linkOut(link);
}

async function linkByToken(userId: string, token: string) {
  const [link] = await readLinks({ ownerUserId: userId, publicToken: token }, 1);
  return linkOut(link!);
}

/** The link's token (the services' handle) from its id, for the account's own links only. */
async function tokenOf(userId: string, linkId: string): Promise<string> {
  const row = await db.checkout.findFirst({
    where: { id: linkId, ownerUserId: userId, kind: "share" },
    select: { publicToken: true },
  });
  if (!row) throw notInWorkspace("Link");
  return row.publicToken;
}

export async function makeLink(user: WorkspaceUser, input: WorkspaceLinkInput) {
  return linkByToken(user.id, (await createAccountLink(user, input)).token);
}

/** "Gerar novo link": the same debts and client on a fresh link; the same one on every retry. */
export async function renewLink(userId: string, linkId: string) {
  const renewed = await renewAccountLink(await tokenOf(userId, linkId), userId);
  return linkByToken(userId, renewed.token);
}

/** E-mails the open link to its client (once per link and address): the masked address. */
export async function sendLink(user: WorkspaceUser, linkId: string) {
  return sendAccountLink(user, await tokenOf(user.id, linkId));
}

/**
 * Newest first. A stage filter is applied after reading (a stage depends on the payment's state),
 * so a page may hold fewer than `limit` links while `nextCursor` still leads on.
 */
export async function linksPage(userId: string, q: LinkQuery) {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const rows = await readLinks(
    {
      ownerUserId: userId,
      ...(q.clientId ? { clientId: q.clientId } : {}),
      ...olderThan(decodeCursor(q.cursor)),
    },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(linkOut).filter((l) => !q.stage || l.stage === q.stage),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id })
        : null,
  };
}
