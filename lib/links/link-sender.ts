import "server-only";
import { db } from "@/lib/db/client";
import { senderName } from "@/lib/rules/sender-name";

/**
 * Who sent a share link, as the person paying it reads it on /pagar/{token}: the account's name
 * and office (its e-mail while it has none). Null for a link made without an account or a
 * checkout that is the payer's own.
 */
export async function shareLinkSender(token: string): Promise<string | null> {
  const checkout = await db.checkout.findUnique({
    where: { publicToken: token },
    select: { kind: true, ownerUserId: true },
  });
  if (checkout?.kind !== "share" || !checkout.ownerUserId) return null;
  const owner = await db.user.findUnique({
    where: { id: checkout.ownerUserId },
    select: { name: true, officeName: true, email: true },
  });
  return owner ? senderName(owner) : null;
}
