import "server-only";
import { createCheckout, type CreatedCheckout } from "@/lib/checkouts/create-checkout";
import { checkoutStatus } from "@/lib/checkouts/find-checkout";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { findAccountLinkOrThrow, findOwnedLinkOrThrow } from "./owned-link";

type OldLink = Awaited<ReturnType<typeof findOwnedLinkOrThrow>>;

/**
 * "Gerar novo link" for an expired link: a fresh share checkout for the same lookup, debts and
 * customer, owned by the same browser. Upstream re-checks the debts (one paid meanwhile is
 * refused, and the refusal reaches the dispatcher in words).
 */
export async function renewLink(
  token: string,
  creatorKey: string | null,
): Promise<CreatedCheckout> {
  return renewFrom(await findOwnedLinkOrThrow(token, creatorKey));
}

/** The workspace's "Gerar novo link": the account's own link only; the new one stays the account's, for the same client. */
export async function renewAccountLink(token: string, userId: string): Promise<CreatedCheckout> {
  return renewFrom(await findAccountLinkOrThrow(token, userId));
}

async function renewFrom(old: OldLink): Promise<CreatedCheckout> {
  // Its payer is gone (docs/privacy.md): there is no one to make the new checkout for.
  if (old.personalDataErasedAt) throw new AppError({ code: "LINK_ERASED" });
  const status = await checkoutStatus(old);
  if (status === "paid")
    throw new AppError({
      code: "CHECKOUT_ALREADY_PAID",
      message: "Este link já foi pago: não é preciso gerar outro.",
    });
  if (status === "open") throw new AppError({ code: "LINK_STILL_OPEN" });
  const debts = await db.checkoutDebt.findMany({
    where: { checkoutId: old.id },
    orderBy: { id: "asc" },
  });
  return createCheckout(
    {
      lookupId: old.lookupId,
      debtIds: debts.map((d) => d.debtId),
      customer: {
        name: old.customerName,
        email: old.customerEmail,
        phone: old.customerPhone,
        cpfCnpj: old.customerCpfCnpj,
      },
      kind: "share",
    },
    {
      creatorKey: old.creatorKey ?? undefined,
      ownerUserId: old.ownerUserId ?? undefined,
      clientId: old.clientId ?? undefined,
    },
  );
}
