import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LOOKUP_ID } from "@/lib/lookups/lookup-id";
import { enqueueMail } from "@/lib/mail/enqueue";
import { clientKeyFromHeaders } from "@/lib/http/client-ip";
import { kickOutbox } from "@/lib/mail/worker";
import { contactIndex, documentIndex, mailboxIndex } from "@/lib/privacy";
import { consume, refund } from "@/lib/rate-limit/limits";
import { maskEmail } from "@/lib/rules/cpf-cnpj";
import type { RadarSubscribeInput } from "@/lib/validation/radar-subscribe-input";
import { isUniqueViolation } from "@/lib/workspace/clients/errors";
import { radarLog } from "./logger";
import {
  confirmUrl,
  newConfirmToken,
  oneClickUnsubscribeUrl,
  tokenHash,
  unsubscribeToken,
  unsubscribeUrl,
} from "./owner-links";
import { clock } from "@/lib/clock";

// An owner asks, after a lookup, to hear of new debts of that vehicle. Nothing is watched yet:
// the watch waits in pending_confirmation until the link in the confirmation mail is used (double
// opt-in). One watch per address and vehicle (ownerKey): asking again sends a fresh confirmation
// to the same row, never a second watch.

export type SubscribeOutcome = { outcome: "confirmation_sent" | "already_active"; email: string };

/** A lookup that found no vehicle, or never ran, has nothing to watch. */
const UNWATCHABLE = new Set(["not_found", "failed"]);

/** Keyed hash of address and plate: the same person asking about the same vehicle finds one row. */
export const ownerKeyOf = (email: string, plate: string) =>
  contactIndex(`${email.trim().toLowerCase()}|${plate.toUpperCase()}`);

/**
 * The recipient's key for its own limit: the mailbox (`nome+1@` is `nome@`), so another way of
 * writing the address is no new mailbox; a keyed hash, so the limit table holds no address. The
 * mail still goes to the address as typed.
 */
const recipientKey = (email: string) => mailboxIndex(email);

/**
 * The subscription as a request asks for it. Every request sends a mail to an address the
 * requester chose, so it is counted twice first: against the client's address (the one our server
 * wrote from the socket and TRUST_PROXY; a forged X-Forwarded-For is not read), and against the
 * recipient's mailbox, whatever client asks and however the address is written (many client
 * addresses, or `+tags`, cannot bomb one mailbox). An answer that sent
 * nothing (already active, or refused) gives the recipient's point back.
 */
export async function subscribeOwnerFrom(
  headers: Pick<Headers, "get">,
  input: RadarSubscribeInput,
): Promise<SubscribeOutcome> {
  await consume("radarSubscribe", clientKeyFromHeaders(headers));
  await consume("radarConfirmEmail", recipientKey(input.email));
  let sent = false;
  try {
    const result = await subscribeOwner(input);
    sent = result.outcome === "confirmation_sent";
    return result;
  } finally {
    if (!sent) await refund("radarConfirmEmail", recipientKey(input.email));
  }
}

export async function subscribeOwner(
  input: RadarSubscribeInput,
  now = clock.now(),
): Promise<SubscribeOutcome> {
  const lookup = LOOKUP_ID.test(input.lookupId)
    ? await db.lookup.findUnique({
        where: { id: input.lookupId },
        select: {
          id: true,
          uf: true,
          plate: true,
          renavam: true,
          cpfCnpj: true,
          status: true,
          personalDataErasedAt: true,
        },
      })
    : null;
  // An erased lookup no longer knows its person: there is nothing to subscribe with.
  if (!lookup || lookup.personalDataErasedAt || lookup.cpfCnpj === "")
    throw new AppError({ code: "LOOKUP_NOT_FOUND" });
  if (UNWATCHABLE.has(lookup.status)) throw new AppError({ code: "RADAR_NOT_WATCHABLE" });
  const email = input.email.trim();
  const ownerKey = ownerKeyOf(email, lookup.plate);
  const token = newConfirmToken();
  const run = () =>
    db.$transaction(async (tx) => {
      const existing = await tx.radarWatch.findUnique({
        where: { ownerKey },
        select: { id: true, status: true },
      });
      if (existing?.status === "active") return "already_active" as const;
      const id = existing?.id ?? randomUUID();
      const data = {
        uf: lookup.uf,
        plate: lookup.plate,
        renavam: lookup.renavam,
        cpfCnpj: lookup.cpfCnpj,
        cpfCnpjIndex: documentIndex(lookup.cpfCnpj),
        email,
        baselineLookupId: lookup.id,
        status: "pending_confirmation",
        stopReason: null,
        stoppedAt: null,
        notBefore: null,
        nextScanAt: null,
        confirmTokenHash: tokenHash(token),
        confirmRequestedAt: now,
        unsubscribeTokenHash: tokenHash(unsubscribeToken(id)),
      } satisfies Prisma.RadarWatchUncheckedUpdateInput;
      if (existing) {
        await tx.radarWatch.update({ where: { id }, data });
        // A watch that stopped by itself and is asked for again starts over: its old notices are moot.
        await tx.radarEvent.deleteMany({ where: { watchId: id } });
      } else
        await tx.radarWatch.create({
          data: { id, kind: "owner", ownerKey, recurrence: "weekly", ...data },
        });
      await enqueueMail(tx, {
        // Each request is its own message: the token in it is new.
        dedupeKey: `radar-confirm:${id}:${tokenHash(token).slice(0, 16)}`,
        to: email,
        template: "radar-owner-confirm",
        props: {
          plate: lookup.plate,
          confirmUrl: confirmUrl(token),
          unsubscribeUrl: unsubscribeUrl(id),
          oneClickUrl: oneClickUnsubscribeUrl(id),
          ttlHours: env.radar.confirmTtlHours,
        },
      });
      return "confirmation_sent" as const;
    });
  let outcome: SubscribeOutcome["outcome"];
  try {
    outcome = await run();
  } catch (error) {
    // Two requests at once for the same address and vehicle: the second finds the first's row.
    if (!isUniqueViolation(error)) throw error;
    outcome = await run();
  }
  if (outcome === "confirmation_sent") void kickOutbox();
  radarLog.info(
    { outcome, email: maskEmail(email), at: now.toISOString() },
    "owner asked for Radar",
  );
  return { outcome, email };
}
