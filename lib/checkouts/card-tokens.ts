import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { clock } from "@/lib/clock";

// What we keep of a tokenized card until it is used: brand and last four (status page, receipt)
// and the checkout it was made for, so a token pays that checkout and no other. In the database,
// so the payment may land on any instance. Keyed by the token's SHA-256: the token is a
// single-use upstream credential, and the hash is all a lookup needs. Never the number or the CVV.

export type CardTokenEntry = {
  brand: string;
  lastFour: string;
  checkoutId: string;
  expiresAt: Date;
};

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** One in this many writes also deletes expired rows: no timer, and the table stays small. */
const PURGE_EVERY = 50;
let writes = 0;

export async function rememberCardToken(token: string, entry: CardTokenEntry): Promise<void> {
  const tokenHash = hashOf(token);
  await db.cardToken.upsert({
    where: { tokenHash },
    create: { tokenHash, ...entry },
    update: entry,
  });
  if (++writes % PURGE_EVERY === 0) await purgeExpiredCardTokens();
}

/** The entry for an unexpired token we issued; undefined for an unknown or expired one. */
export async function recallCardToken(
  token: string,
  now = clock.now(),
): Promise<CardTokenEntry | undefined> {
  const row = await db.cardToken.findUnique({ where: { tokenHash: hashOf(token) } });
  if (!row || row.expiresAt <= now) return undefined;
  return {
    brand: row.brand,
    lastFour: row.lastFour,
    checkoutId: row.checkoutId,
    expiresAt: row.expiresAt,
  };
}

export async function purgeExpiredCardTokens(now = clock.now()): Promise<number> {
  return (await db.cardToken.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
