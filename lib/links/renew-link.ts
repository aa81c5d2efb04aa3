import "server-only";
import { createCheckout, type CreatedCheckout } from "@/lib/checkouts/create-checkout";
import {
  checkoutNotFound,
  checkoutStatus,
  findCheckoutOrNull,
} from "@/lib/checkouts/find-checkout";
import { latestSuccessor, liveSuccessor } from "@/lib/checkouts/successor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { Prisma, type Checkout } from "@/lib/generated/prisma/client";
import { consume } from "@/lib/rate-limit/limits";
import { linkRenewalVerdict, type LinkRenewalRefusal } from "@/lib/rules/link-renewal";
import { findAccountLinkOrThrow, findOwnedLinkOrThrow } from "./owned-link";

/** `created: false` is the successor another click, tab or instance made first. */
export type RenewedLink = CreatedCheckout & { created: boolean };

/**
 * "Gerar novo link" for an expired link, or for an open one whose PIX ended `abandoned` (the
 * upstream refuses another payment there until that PIX expires): a fresh share checkout for the
 * same lookup, debts and customer, owned by the same browser. Upstream re-checks the debts (one
 * paid meanwhile is refused, and the refusal reaches the dispatcher in words).
 */
export async function renewLink(token: string, creatorKey: string | null): Promise<RenewedLink> {
  return renewFrom(await findOwnedLinkOrThrow(token, creatorKey), null);
}

/** The workspace's "Gerar novo link": the account's own link only; the new one stays the account's, for the same client. */
export async function renewAccountLink(token: string, userId: string): Promise<RenewedLink> {
  return renewFrom(await findAccountLinkOrThrow(token, userId), null);
}

/**
 * The payer's "Gerar novo pagamento" on a shared link whose PIX ended `abandoned`: holding the
 * link is the only authority, so it does nothing else (never for a paid, erased or expired link,
 * nor one still payable). The new link stays the sender's (same creator, account and client), so
 * it shows in their list as "Gerar novo link" would make it.
 */
export async function repayLink(token: string, ip: string): Promise<RenewedLink> {
  const old = await findCheckoutOrNull(token);
  if (!old || old.kind !== "share") throw checkoutNotFound();
  return renewFrom(old, ip);
}

/** payerIp: the payer's repay (null: the link's sender). */
async function renewFrom(old: Checkout, payerIp: string | null): Promise<RenewedLink> {
  const [status, live, latest] = await Promise.all([
    checkoutStatus(old),
    liveSuccessor(old.id),
    db.payment.findFirst({
      where: { checkoutId: old.id },
      orderBy: { createdAt: "desc" },
      select: { status: true },
    }),
  ]);
  const verdict = linkRenewalVerdict({
    erased: old.personalDataErasedAt !== null,
    status,
    liveSuccessor: live !== null,
    latestAttempt: latest?.status ?? null,
    by: payerIp ? "payer" : "sender",
  });
  if (verdict.kind === "refuse")
    throw new AppError({ code: verdict.code, message: REFUSAL_WORDS[verdict.code] });
  if (verdict.kind === "successor") return { ...created(live!.checkout), created: false };
  if (!verdict.replacing) return { ...(await createFrom(old, undefined)), created: true };
  if (payerIp) await consume("checkout", payerIp);
  // Ties the new link to the newest of the chain (an expired replacement is replaced in turn). The
  // unique column decides between two clicks or instances: the loser's upstream checkout is never
  // stored, holds no debt of ours, and expires upstream unused.
  const replacesId = ((await latestSuccessor(old.id)) ?? old).id;
  try {
    return { ...(await createFrom(old, replacesId)), created: true };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const winner = await db.checkout.findUnique({ where: { replacesId } });
      if (winner) return { ...created(winner), created: false };
    }
    throw error;
  }
}

/** Words for a link's sender and payer where the code's default speaks of another case. */
const REFUSAL_WORDS: Partial<Record<LinkRenewalRefusal, string>> = {
  CHECKOUT_ALREADY_PAID: "Este link já foi pago: não é preciso gerar outro.",
  CHECKOUT_EXPIRED: "Este link de pagamento expirou. Peça um novo link a quem enviou este.",
};

const created = (c: Checkout): CreatedCheckout => ({
  token: c.publicToken,
  amountCents: c.amountCents,
  expiresAt: c.expiresAt.toISOString(),
});

async function createFrom(old: Checkout, replacesId: string | undefined): Promise<CreatedCheckout> {
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
      replacesId,
    },
  );
}
