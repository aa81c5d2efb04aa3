import "server-only";
import { checkoutNotFound, findCheckoutOrNull } from "@/lib/checkouts/find-checkout";
import { env } from "@/lib/env";

// A share link seen from the dispatcher's side: only the browser that created it gets it (any
// other visitor, the client included, gets a 404 and uses /pagar/{token}).

/** The address the client receives: our own token, never the upstream checkoutId. */
export function shareUrl(token: string): string {
  return `${env.publicBaseUrl}/pagar/${token}`;
}

export async function findOwnedLink(token: string, creatorKey: string | null) {
  const checkout = await findCheckoutOrNull(token);
  if (!checkout || checkout.kind !== "share" || !creatorKey || checkout.creatorKey !== creatorKey) return null;
  return checkout;
}

export async function findOwnedLinkOrThrow(token: string, creatorKey: string | null) {
  const checkout = await findOwnedLink(token, creatorKey);
  if (!checkout) throw checkoutNotFound();
  return checkout;
}
