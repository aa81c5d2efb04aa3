import "server-only";
import { db } from "@/lib/db/client";
import { linksExpired, type ExpiredLink } from "./facts";
import { clock } from "@/lib/clock";

// A link's end is time passing (Checkout.expiresAt): nothing is written then. This sweep (a
// periodic task, lib/background/queues.ts) notes each link past its end once (expiryNotedAt) and,
// in the same transaction, runs the linksExpired fact for an account's links with no payment
// paid. A link that ended long before it was seen (the sweep was down, or the link predates it) is
// noted silently: a day late is still news, a month late is noise.

const BATCH = 200;
export const EXPIRY_NEWS_MS = 24 * 3_600_000;

/** Notes the links past their end; resolves with how many it noted. */
export async function noteExpiredLinks(now = clock.now()): Promise<number> {
  let noted = 0;
  for (;;) {
    const { count, afterCommit } = await db.$transaction(async (tx) => {
      const rows = await tx.checkout.findMany({
        where: { expiryNotedAt: null, expiresAt: { lte: now } },
        orderBy: { expiresAt: "asc" },
        take: BATCH,
        select: {
          id: true,
          kind: true,
          publicToken: true,
          ownerUserId: true,
          clientId: true,
          plate: true,
          uf: true,
          amountCents: true,
          expiresAt: true,
          payments: { where: { status: "paid" }, select: { id: true }, take: 1 },
        },
      });
      if (rows.length === 0) return { count: 0, afterCommit: () => {} };
      const marked = await tx.checkout.updateMany({
        where: { id: { in: rows.map((r) => r.id) }, expiryNotedAt: null },
        data: { expiryNotedAt: now },
      });
      const links: ExpiredLink[] = rows.flatMap((r) =>
        r.kind === "share" &&
        r.ownerUserId &&
        r.payments.length === 0 &&
        now.getTime() - r.expiresAt.getTime() <= EXPIRY_NEWS_MS
          ? [{ ...r, checkoutId: r.id, ownerUserId: r.ownerUserId }]
          : [],
      );
      const after = links.length > 0 ? await linksExpired.run(tx, { now, links }) : () => {};
      return { count: Math.max(marked.count, rows.length), afterCommit: after };
    });
    afterCommit();
    noted += count;
    if (count < BATCH) return noted;
  }
}
