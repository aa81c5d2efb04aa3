import "server-only";
import { db } from "@/lib/db/client";
import { moduleLogger } from "@/lib/log/logger";

const log = moduleLogger("claim-links");

// Links made in this browser before signing in (Checkout.creatorKey = the id in the SIGNED
// creator cookie, verified by the caller) move into the account. Only links no account owns yet:
// another account's claim is never undone, and a second claim finds nothing left to move.

const claimable = (creatorKey: string) => ({ creatorKey, kind: "share", ownerUserId: null });

export async function countClaimableLinks(creatorKey: string | null): Promise<number> {
  if (!creatorKey) return 0;
  return db.checkout.count({ where: claimable(creatorKey) });
}

/** One UPDATE whose WHERE re-checks "no owner yet": two concurrent claims cannot both take a link. */
export async function claimLinks(creatorKey: string | null, userId: string): Promise<number> {
  if (!creatorKey) return 0;
  const { count } = await db.checkout.updateMany({ where: claimable(creatorKey), data: { ownerUserId: userId } });
  log.info({ count }, "links claimed");
  return count;
}
