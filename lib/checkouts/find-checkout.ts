import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { clock } from "@/lib/clock";

export const checkoutNotFound = () => new AppError({ code: "CHECKOUT_NOT_FOUND" });

/** Null for an unknown token; pages answer it with their 404. */
export async function findCheckoutOrNull(token: string) {
  // The token format is checked first so junk never reaches the database.
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  return db.checkout.findUnique({ where: { publicToken: token } });
}

export async function findCheckoutByToken(token: string) {
  const checkout = await findCheckoutOrNull(token);
  if (!checkout) throw checkoutNotFound();
  return checkout;
}

/**
 * Upstream said the checkout expired (a payment refused with checkoutExpired) before the
 * expiresAt it gave us: believe it, so the page stops offering a payment form.
 */
export async function markCheckoutExpired(checkoutId: string, now = clock.now()): Promise<void> {
  await db.checkout.updateMany({
    where: { id: checkoutId, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
}

/** paid: one of its payments is paid; expired: past expiresAt and not paid; open otherwise. */
export async function checkoutStatus(
  checkout: { id: string; expiresAt: Date },
  now = clock.now(),
): Promise<"open" | "paid" | "expired"> {
  const paid = await db.payment.count({ where: { checkoutId: checkout.id, status: "paid" } });
  if (paid > 0) return "paid";
  return checkout.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
}

/** Card attempts and payments need an open checkout. */
export async function assertOpen(checkout: { id: string; expiresAt: Date }): Promise<void> {
  const status = await checkoutStatus(checkout);
  if (status === "paid") throw new AppError({ code: "CHECKOUT_ALREADY_PAID" });
  if (status === "expired") {
    throw new AppError({ code: "CHECKOUT_EXPIRED" });
  }
}
