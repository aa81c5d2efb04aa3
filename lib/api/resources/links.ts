import "server-only";
import type { WorkspaceUser } from "@/lib/auth/session";
import { notInWorkspace } from "@/lib/auth/user-route";
import { createAccountLink } from "@/lib/links/account-links";
import { readLinks, type LinkView } from "@/lib/links/list-links";
import { shareUrl } from "@/lib/links/owned-link";
import { linkStage } from "@/lib/rules/link-filters";
import type { LinkQuery } from "@/lib/validation/api-query";
import type { WorkspaceLinkInput } from "@/lib/validation/workspace-link-input";
import { decodeCursor, DEFAULT_LIMIT, olderThan } from "../cursor";
import { encodeCursor } from "../cursor";

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

export async function makeLink(user: WorkspaceUser, input: WorkspaceLinkInput) {
  const { token } = await createAccountLink(user, input);
  const [link] = await readLinks({ ownerUserId: user.id, publicToken: token }, 1);
  return linkOut(link!);
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
