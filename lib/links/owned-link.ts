import "server-only";
import { checkoutNotFound, findCheckoutOrNull } from "@/lib/checkouts/find-checkout";
import { notInWorkspace } from "@/lib/auth/user-route";
import { env } from "@/lib/env";

// A share link seen from the dispatcher's side: only the browser that created it gets it (any
// other visitor, the client included, gets a 404 and uses /pagar/{token}).

/** The address the client receives: our own token, never the upstream checkoutId. */
export function shareUrl(token: string): string {
  return `${env.publicBaseUrl}/pagar/${token}`;
}

export async function findOwnedLink(token: string, creatorKey: string | null) {
  const checkout = await findCheckoutOrNull(token);
  if (!checkout || checkout.kind !== "share" || !creatorKey || checkout.creatorKey !== creatorKey)
    return null;
  return checkout;
}

export async function findOwnedLinkOrThrow(token: string, creatorKey: string | null) {
  const checkout = await findOwnedLink(token, creatorKey);
  if (!checkout) throw checkoutNotFound();
  return checkout;
}

/**
 * The workspace's reading: a share link of this account (ownerUserId), looked up by token AND
 * owner in one WHERE. Another account's link and a missing one are the same 404.
 */
export async function findAccountLinkOrThrow(token: string, userId: string) {
  const checkout = await findCheckoutOrNull(token);
  if (!checkout || checkout.kind !== "share" || checkout.ownerUserId !== userId)
    throw notInWorkspace("Link");
  return checkout;
}
