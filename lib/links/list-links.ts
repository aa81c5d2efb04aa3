import "server-only";
import { db } from "@/lib/db/client";
import { ensurePublicRef } from "@/lib/payments/payment-view";
import type { Prisma } from "@/lib/generated/prisma/client";
import { storedPaymentMethod, type PaymentMethod } from "@/lib/rules/payment-method";
import { isSettled } from "@/lib/rules/payment-status";
import { clock } from "@/lib/clock";

// "Meus links": the share links this browser created (creatorKey from its signed cookie), newest
// first, each with its live status and settlement. Status follows lib/checkouts/find-checkout:
// paid when one payment is paid, expired past expiresAt, open otherwise. The workspace lists an
// account's links through the same reading (lib/links/account-links.ts), by ownerUserId.

export type LinkView = {
  /** The row's id: the API's name for a link (the token is the payer's secret URL). */
  id: string;
  token: string;
  status: "open" | "paid" | "expired";
  plate: string;
  uf: string;
  customerName: string;
  amountCents: number;
  debtCount: number;
  createdAt: string;
  expiresAt: string;
  /** The paid payment, else the latest attempt. */
  payment?: {
    ref: string;
    method: PaymentMethod;
    status: string;
    liquidationStatus?: string;
    paidAt?: string;
    debtsSettled: number;
    debtsTotal: number;
  };
  /**
   * A newer link of this browser for the same lookup and debts ("Gerar novo link" was used), on a
   * link that is expired or whose latest PIX ended abandoned.
   */
  renewedBy?: string;
  /** The workspace client the link was made for (account links only). */
  clientId?: string;
};

const MAX_LINKS = 100;

const selectionKey = (lookupId: string, debtIds: string[]) =>
  `${lookupId}:${[...debtIds].sort().join(",")}`;

export async function listLinks(creatorKey: string | null, now = clock.now()): Promise<LinkView[]> {
  if (!creatorKey) return [];
  return readLinks({ creatorKey, kind: "share" }, MAX_LINKS, now);
}

/** Share links matching `where` (always narrowed by its caller to one browser or one account). */
export async function readLinks(
  where: Prisma.CheckoutWhereInput,
  take: number,
  now = clock.now(),
): Promise<LinkView[]> {
  const rows = await db.checkout.findMany({
    where: { ...where, kind: "share" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: {
      debts: { select: { debtId: true } },
      payments: {
        orderBy: { createdAt: "desc" },
        include: { debts: { select: { status: true } } },
      },
    },
  });
  // Newest first: the first row seen for a selection is the one that renewed the older ones.
  const newest = new Map<string, string>();
  // Links made before payments had a public reference get one here (this list is itself keyed by a
  // signed cookie): never the row id, which now only answers "replaced".
  const refs = new Map(
    await Promise.all(
      rows.flatMap((r) => r.payments).map(async (p) => [p.id, await ensurePublicRef(p)] as const),
    ),
  );
  return rows.map((row) => {
    const key = selectionKey(
      row.lookupId,
      row.debts.map((d) => d.debtId),
    );
    const renewedBy = newest.get(key);
    newest.set(key, row.publicToken);
    const paid = row.payments.find((p) => p.status === "paid");
    const shown = paid ?? row.payments[0];
    const status = paid ? "paid" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
    return {
      id: row.id,
      token: row.publicToken,
      status,
      plate: row.plate,
      uf: row.uf,
      customerName: row.customerName,
      amountCents: row.amountCents,
      debtCount: row.debts.length,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ...(shown
        ? {
            payment: {
              ref: refs.get(shown.id)!,
              method: storedPaymentMethod(shown.method),
              status: shown.status,
              ...(shown.liquidationStatus ? { liquidationStatus: shown.liquidationStatus } : {}),
              ...(shown.paidAt ? { paidAt: shown.paidAt.toISOString() } : {}),
              debtsSettled: shown.debts.filter((d) => isSettled(d.status)).length,
              debtsTotal: shown.debts.length,
            },
          }
        : {}),
      // An open link whose PIX ended abandoned takes no payment until that PIX expires upstream:
      // renewed like an expired one (lib/links/renew-link.ts).
      ...(renewedBy && (status === "expired" || shown?.status === "abandoned")
        ? { renewedBy }
        : {}),
      ...(row.clientId ? { clientId: row.clientId } : {}),
    };
  });
}
