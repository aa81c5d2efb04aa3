import "server-only";
import { reactionPoint } from "@/lib/db/reactions";

// Links' facts that higher capabilities react to in the same transaction (lib/db/reactions.ts;
// registered in lib/background/reactions.ts): links do not know who else is told. Declared apart
// from the code that runs them: registering imports this module before the database client loads.

/** An account's share link past its expiresAt with no payment paid, as the expiry sweep saw it. */
export type ExpiredLink = {
  checkoutId: string;
  publicToken: string;
  ownerUserId: string;
  clientId: string | null;
  plate: string;
  uf: string;
  amountCents: number;
  expiresAt: Date;
};

export type LinksExpiredFact = { now: Date; links: readonly ExpiredLink[] };
export const linksExpired = reactionPoint<LinksExpiredFact>("links.expired");
