import "server-only";
import { db } from "@/lib/db/client";
import { moduleLogger } from "@/lib/log/logger";

const log = moduleLogger("adopt-links");

// Links made in this browser before signing in (Checkout.creatorKey = the id in the SIGNED
// creator cookie, verified by the caller) move into the account. Only links no account owns yet:
// another account's adoption is never undone, and a second one finds nothing left to move.

const adoptable = (creatorKey: string) => ({ creatorKey, kind: "share", ownerUserId: null });

export async function countAdoptableLinks(creatorKey: string | null): Promise<number> {
  if (!creatorKey) return 0;
  return db.checkout.count({ where: adoptable(creatorKey) });
}

/** One UPDATE whose WHERE re-checks "no owner yet": two concurrent adoptions cannot both take a link. */
export async function adoptLinks(creatorKey: string | null, userId: string): Promise<number> {
  if (!creatorKey) return 0;
  const { count } = await db.checkout.updateMany({
    where: adoptable(creatorKey),
    data: { ownerUserId: userId },
  });
  log.info({ count }, "links adopted");
  return count;
}
