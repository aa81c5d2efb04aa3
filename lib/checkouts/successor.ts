import "server-only";
import { db } from "@/lib/db/client";
import type { Checkout } from "@/lib/generated/prisma/client";
import { checkoutStatus } from "./find-checkout";

// A share link replaced while still open (Checkout.replacesId: its PIX ended `abandoned`, and the
// upstream refuses another payment on it until that PIX expires). Read from the database, so
// every instance sees the same successor.

/** The newest link of the chain of replacements from this one (null: never replaced). */
export async function latestSuccessor(checkoutId: string): Promise<Checkout | null> {
  let latest: Checkout | null = null;
  for (let from = checkoutId; ;) {
    const next = await db.checkout.findUnique({ where: { replacesId: from } });
    if (!next) return latest;
    latest = next;
    from = next.id;
  }
}

export type LiveSuccessor = { checkout: Checkout; status: "open" | "paid" };

/** The newest successor while it can still be used (open, or paid through it); null otherwise. */
export async function liveSuccessor(checkoutId: string): Promise<LiveSuccessor | null> {
  const checkout = await latestSuccessor(checkoutId);
  if (!checkout) return null;
  const status = await checkoutStatus(checkout);
  return status === "expired" ? null : { checkout, status };
}
