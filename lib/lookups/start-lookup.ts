import "server-only";
import { documentIndex } from "@/lib/privacy";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { moduleLogger } from "@/lib/log/logger";
import { upstream } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { LookupInput } from "@/lib/validation/lookup-input";
import { applyLookupResult } from "./apply-result";
import { knownMakeAndModel } from "./enrich-vehicle";
import { LOOKUP_ID } from "./lookup-id";
import { clock } from "@/lib/clock";

const log = moduleLogger("lookups");

/**
 * Starts a debt lookup. The Lookup row (with our externalId) is stored BEFORE the upstream call,
 * so the webhook can always be matched and a retry reuses the same externalId (upstream answers a
 * repeated externalId with the same lookup, never a second one).
 *
 * Outcomes of the call:
 * - acknowledgment: pending until the webhook (or the page's "retry" after it is delayed);
 * - synchronous variant (debts in the answer): resolved at once through applyLookupResult;
 * - 404: the vehicle is unknown -> not_found;
 * - any other refusal upstream surely did not act on (4xx, 503): the row is marked failed and the
 *   error goes to the caller (the form shows it; nothing is pending);
 * - timeout / network / 5xx: upstream may have started it, so the row stays pending (a late
 *   webhook still lands) and the page shows progress, then "delayed" with a retry.
 */
export async function startLookup(
  input: LookupInput,
  opts: { vehicleJson?: string | null; attempts?: number; owner?: LookupOwner } = {},
): Promise<{ lookupId: string }> {
  const vehicleJson = opts.vehicleJson ?? (await knownMakeAndModel(input.plate, input.uf));
  const lookup = await db.lookup.create({ data: lookupRowData(input, { ...opts, vehicleJson }) });
  await sendLookup(lookup);
  return { lookupId: lookup.id };
}

/**
 * The Lookup row's columns, with a fresh externalId (a batch writes it in its own transaction).
 * `origin`: the tag of the capability that started it (its reaction to the result looks for it).
 */
/** An account's lookup started through the API: who reads it, and for which of its vehicles. */
export type LookupOwner = { userId: string; vehicleId: string };

export function lookupRowData(
  input: LookupInput,
  opts: {
    vehicleJson?: string | null;
    attempts?: number;
    origin?: string;
    owner?: LookupOwner;
  } = {},
) {
  return {
    id: randomUUID(),
    externalId: randomUUID(),
    uf: input.uf,
    plate: input.plate,
    renavam: input.renavam,
    cpfCnpj: input.cpfCnpj,
    cpfCnpjIndex: documentIndex(input.cpfCnpj),
    vehicleJson: opts.vehicleJson ?? null,
    attempts: opts.attempts ?? 1,
    origin: opts.origin ?? (opts.owner ? "api" : null),
    ownerUserId: opts.owner?.userId ?? null,
    vehicleId: opts.owner?.vehicleId ?? null,
  };
}

type StoredLookup = {
  id: string;
  externalId: string;
  uf: string;
  plate: string;
  renavam: string;
  cpfCnpj: string;
};

/**
 * Sends a stored lookup upstream (again, for a batch item whose claimer died: the same externalId
 * makes upstream answer with the same lookup). `keepPendingOnRateLimit`: a budget refusal or an
 * upstream 429 leaves the row pending and is thrown, so background work can come back later with
 * the same row instead of failing it. Says "ack" when upstream acknowledged it (pending until the
 * webhook), "other" for every other ending (resolved, failed, or outcome unknown).
 */
export async function sendLookup(
  lookup: StoredLookup,
  opts: {
    keepPendingOnRateLimit?: boolean;
    recordTransactionId?: (lookupId: string, transactionId: string) => Promise<void>;
  } = {},
): Promise<"ack" | "other"> {
  try {
    const answer = await upstream.startDebtLookup({
      state: lookup.uf,
      licensePlate: lookup.plate,
      renavam: lookup.renavam,
      cpfCnpj: lookup.cpfCnpj,
      externalId: lookup.externalId,
    });
    // A batch stores many at once (its own writer); a person's lookup stores its own.
    if (opts.recordTransactionId) await opts.recordTransactionId(lookup.id, answer.transactionId);
    else
      await db.lookup.update({
        where: { id: lookup.id },
        data: { transactionId: answer.transactionId },
      });
    if (answer.kind === "sync") {
      await applyLookupResult(
        lookup.id,
        answer.debts.length > 0 ? { kind: "debts", debts: answer.debts } : { kind: "no_debts" },
      );
    }
    log.info({ lookupId: lookup.id, kind: answer.kind }, "debt lookup started");
    return answer.kind === "ack" ? "ack" : "other";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.code === "UPSTREAM_NOT_FOUND") {
      await applyLookupResult(lookup.id, { kind: "not_found" });
    } else if (opts.keepPendingOnRateLimit && error.code === "UPSTREAM_RATE_LIMITED") {
      throw error;
    } else if (error.isDefiniteRefusal) {
      await db.lookup.updateMany({
        where: { id: lookup.id, status: "pending" },
        data: {
          status: "failed",
          errorCode: error.code,
          errorMessage: error.userMessage,
          resolvedAt: clock.now(),
        },
      });
      throw error;
    } else {
      log.warn(
        { lookupId: lookup.id, code: error.code },
        "debt lookup outcome unknown: left pending",
      );
    }
    return "other";
  }
}

/** A new lookup with the same vehicle data (the old one stays as it was). */
export async function retryLookup(lookupId: string): Promise<{ lookupId: string }> {
  const previous = LOOKUP_ID.test(lookupId)
    ? await db.lookup.findUnique({ where: { id: lookupId } })
    : null;
  if (!previous) throw new AppError({ code: "LOOKUP_NOT_FOUND" });
  return startLookup(
    {
      uf: previous.uf as LookupInput["uf"],
      plate: previous.plate,
      renavam: previous.renavam,
      cpfCnpj: previous.cpfCnpj,
    },
    { vehicleJson: previous.vehicleJson, attempts: previous.attempts + 1 },
  );
}
