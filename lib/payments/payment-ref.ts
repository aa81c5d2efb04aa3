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

export type RefResolution = { kind: "found"; rowId: string } | { kind: "replaced" } | { kind: "unknown" };

export const REPLACED_MESSAGE = messageOf("PAYMENT_LINK_REPLACED");

export async function resolvePaymentRef(ref: string): Promise<RefResolution> {
  if (PUBLIC_TOKEN_PATTERN.test(ref)) {
    const row = await db.payment.findUnique({ where: { publicRef: ref }, select: { id: true } });
    return row ? { kind: "found", rowId: row.id } : { kind: "unknown" };
  }
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
  await consume("paymentRefMiss", clientKey);
  if (found.kind === "replaced") {
    log.info("old payment address (row id) refused: replaced by the public reference");
    throw new AppError({ code: "PAYMENT_LINK_REPLACED" });
  }
  throw new AppError({ code: "PAYMENT_NOT_FOUND" });
}
