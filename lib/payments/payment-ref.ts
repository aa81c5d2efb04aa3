import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { messageOf } from "@/lib/errors/codes";
import { moduleLogger } from "@/lib/log/logger";
import { consume } from "@/lib/rate-limit/limits";
import { PUBLIC_TOKEN_PATTERN } from "@/lib/security/public-token";

// A payment is addressed from outside (status page, GET /api/payments/{ref}, the e-mail's links)
// only by its publicRef (192 random bits). Its row id, a cuid (a timestamp, a counter, a process
// fingerprint and ~41 random bits), was the address before: such an old link now answers "replaced"
// and nothing else, because answering it with the payment (and the checkout's share token) would
// keep the weakness for every link ever sent.

const log = moduleLogger("payment-ref");

/** A Prisma cuid (v1): "c" and 24 lowercase base-36 characters. */
const CUID_PATTERN = /^c[a-z0-9]{24}$/;

type Miss = { kind: "replaced" } | { kind: "unknown" };
export type RefResolution = { kind: "found"; rowId: string } | Miss;

export const REPLACED_MESSAGE = messageOf("PAYMENT_LINK_REPLACED");

export async function resolvePaymentRef(ref: string): Promise<RefResolution> {
  if (PUBLIC_TOKEN_PATTERN.test(ref)) {
    const row = await db.payment.findUnique({ where: { publicRef: ref }, select: { id: true } });
    return row ? { kind: "found", rowId: row.id } : { kind: "unknown" };
  }
  return resolveOtherAddress(ref);
}

/** Not a public reference: an old row-id address (replaced) or nothing. */
async function resolveOtherAddress(ref: string): Promise<Miss> {
  if (CUID_PATTERN.test(ref)) {
    const row = await db.payment.findUnique({ where: { id: ref }, select: { id: true } });
    return row ? { kind: "replaced" } : { kind: "unknown" };
  }
  return { kind: "unknown" };
}

/**
 * Resolves a ref to its row id, or throws: 404 unknown, 410 replaced (no data). Only misses
 * (unknown and replaced) are counted against the client, so a person reloading a real status page
 * is never limited while one guessing references is stopped (429) after a few dozen.
 */
export async function paymentRowIdFor(ref: string, clientKey: string): Promise<string> {
  const found = await resolvePaymentRef(ref);
  if (found.kind === "found") return found.rowId;
  return refuseMissedRef(found, clientKey);
}

/**
 * A public reference that matched no payment (the caller already looked it up), or any other
 * address: the miss counted against the client, then 410 for an old row-id address, else 404.
 */
export async function paymentRefMissed(ref: string, clientKey: string): Promise<never> {
  return refuseMissedRef(
    PUBLIC_TOKEN_PATTERN.test(ref) ? { kind: "unknown" } : await resolveOtherAddress(ref),
    clientKey,
  );
}

async function refuseMissedRef(found: Miss, clientKey: string): Promise<never> {
  await consume("paymentRefMiss", clientKey);
  if (found.kind === "replaced") {
    log.info("old payment address (row id) refused: replaced by the public reference");
    throw new AppError({ code: "PAYMENT_LINK_REPLACED" });
  }
  throw new AppError({ code: "PAYMENT_NOT_FOUND" });
}
