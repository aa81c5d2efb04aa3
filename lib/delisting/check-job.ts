import "server-only";
import { DEBT_LOOKUP } from "@/lib/upstream/client";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { failedLookupCode } from "@/lib/errors/failure-codes";
import { RetryLater, type Job, type RetryPolicy } from "@/lib/jobs";
import { lookupRowData, sendLookup } from "@/lib/lookups/start-lookup";
import { OPEN_SCAN } from "@/lib/radar/settle-scans";
import { checkMoments } from "@/lib/rules/delisting";
import { isSpMaintenanceWindow, spMaintenanceReopensAt } from "@/lib/rules/sp-maintenance";
import { budget } from "@/lib/upstream/budget";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { LookupInput } from "@/lib/validation/lookup-input";
import { clock } from "@/lib/clock";
import { delistingLog } from "./logger";
import { DELISTING_LOOKUP, failCheck, giveUpWatch, settleChecks } from "./settle-check";

// DelistingWatch as a lib/jobs queue: one check of one settled payment per run, on whichever
// instance claimed it (the steps of Radar's scans, lib/radar/scan-job.ts):
//   1. before the check's moment, or inside SP's 00-07h window, it waits (RetryLater);
//   2. Radar's due scans go first: while any is due and not started, it waits for the next window;
//   3. a unit of Radar's ceiling AND of the general budget (budget.takeShare, the same counter as
//      Radar's, so both together never pass the ceiling), or the next window;
//   4. the Lookup row (origin "delisting") is created and linked to the watch and to a
//      DelistingCheck in ONE transaction before anything is sent, so a claimer that dies is
//      replaced by one that resends the same externalId;
//   5. sent; acknowledged: check back later (the webhook normally settles the check first, through
//      the lookupsResolved reaction); a result nobody settled is settled here; silence past the
//      upstream's last webhook retry counts as a check the authority did not answer.

export const CHECK_RETRY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
};
const LEASE_MS = 60_000;
const OPERATION = DEBT_LOOKUP;
const CHECK_BACK_MS = 20_000;
const PATIENT_AFTER_MS = 2 * 60_000;
const PATIENT_CHECK_BACK_MS = 5 * 60_000;
/** Past the upstream's last webhook retry (15, 60 and 90 min after the first attempt, spec). */
export const LOOKUP_GIVE_UP_MS = 95 * 60_000;

export type WatchRow = { id: string; attempts: number };

const roundUp = (ms: number) => new Date(Math.ceil(ms / 1000) * 1000);
const later = (ms: number, reason: string) => new RetryLater(roundUp(clock.nowMs() + ms), reason);

/** Radar's scans that are due and not yet started keep Radar's ceiling for themselves. */
async function radarScansWaiting(now: Date): Promise<boolean> {
  const due = await db.radarScan.findFirst({
    where: {
      status: { in: OPEN_SCAN },
      lookupId: null,
      OR: [{ notBefore: null }, { notBefore: { lte: now } }],
    },
    select: { id: true },
  });
  return due !== null;
}

/** The vehicle and document of the payment's own lookup (sealed columns, opened on read). */
async function targetOf(paymentId: string) {
  const payment = await db.payment.findUnique({
    where: { id: paymentId },
    select: {
      checkout: {
        select: {
          lookup: {
            select: {
              uf: true,
              plate: true,
              renavam: true,
              cpfCnpj: true,
              personalDataErasedAt: true,
            },
          },
        },
      },
    },
  });
  const lookup = payment?.checkout.lookup;
  if (!lookup || lookup.personalDataErasedAt || !lookup.renavam || !lookup.cpfCnpj) return null;
  // Stored from a validated lookup: the UF is one of the schema's.
  const uf = lookup.uf as LookupInput["uf"];
  return { uf, plate: lookup.plate, renavam: lookup.renavam, cpfCnpj: lookup.cpfCnpj };
}

async function startCheck(watch: { id: string; round: number; paymentId: string }) {
  const target = await targetOf(watch.paymentId);
  if (!target) {
    // A person asked for their data to be erased: there is nothing to look up with any more.
    await db.$transaction((tx) => giveUpWatch(tx, watch.id, clock.now()));
    return null;
  }
  const now = clock.now();
  if (isSpMaintenanceWindow(target.uf, now))
    throw new RetryLater(spMaintenanceReopensAt(now), "SP authority maintenance");
  if (await radarScansWaiting(now)) throw later(60_000, "Radar's due scans first");
  const wait = await budget.takeShare(OPERATION, env.radar.budgetShare);
  if (wait > 0) throw later(wait * 1000, "radar budget: waiting for the next window");
  return db.$transaction(async (tx) => {
    const lookup = await tx.lookup.create({
      data: lookupRowData(target, { origin: DELISTING_LOOKUP }),
    });
    const linked = await tx.delistingWatch.updateMany({
      where: { id: watch.id, status: "checking", lookupId: null, round: watch.round },
      data: { lookupId: lookup.id },
    });
    if (linked.count !== 1) throw new Error("delisting watch changed while its check was made");
    await tx.delistingCheck.create({
      data: { watchId: watch.id, round: watch.round, lookupId: lookup.id },
    });
    return lookup;
  });
}

async function runCheck(row: WatchRow): Promise<Record<string, unknown>> {
  const watch = await db.delistingWatch.findUnique({
    where: { id: row.id },
    select: {
      id: true,
      status: true,
      round: true,
      lookupId: true,
      paymentId: true,
      settledAt: true,
    },
  });
  if (!watch || watch.status !== "checking") return {};
  const moment = checkMoments(watch.settledAt, env.delisting.checkDays)[watch.round - 1];
  if (!moment) {
    await db.$transaction((tx) => giveUpWatch(tx, watch.id, clock.now()));
    return {};
  }

  let lookup = watch.lookupId
    ? await db.lookup.findUnique({ where: { id: watch.lookupId } })
    : null;
  if (!lookup || (lookup.status === "pending" && lookup.transactionId === null)) {
    if (clock.now() < moment) throw new RetryLater(moment, "waiting for the check's moment");
    lookup ??= await startCheck(watch);
    if (!lookup) return {};
    try {
      if ((await sendLookup(lookup, { keepPendingOnRateLimit: true })) === "ack")
        throw later(CHECK_BACK_MS, "waiting for the lookup's result");
    } catch (error) {
      if (error instanceof RetryLater || !isUpstreamError(error)) throw error;
      if (error.code === "UPSTREAM_RATE_LIMITED")
        throw later((error.retryAfterSeconds ?? 1) * 1000, "upstream rate limit");
      // Any other refusal was written to the lookup as failed: counted below.
    }
    lookup = await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } });
  }

  const now = clock.now();
  if (lookup.status === "pending") {
    // Both readings are wall time: the row's createdAt is not moved by a test's clock.
    const waited = Date.now() - lookup.createdAt.getTime();
    if (waited <= LOOKUP_GIVE_UP_MS)
      throw later(
        waited > PATIENT_AFTER_MS ? PATIENT_CHECK_BACK_MS : CHECK_BACK_MS,
        "waiting for the lookup's result",
      );
    delistingLog.warn({ watchId: watch.id, lookupId: lookup.id }, "delisting check gave no result");
    const id = lookup.id;
    await db.$transaction((tx) => failCheck(tx, id, "LOOKUP_TIMEOUT", now));
  } else if (lookup.status === "failed") {
    const id = lookup.id;
    const code = failedLookupCode(lookup.errorCode);
    await db.$transaction((tx) => failCheck(tx, id, code, now));
  } else {
    // Resolved: the reaction settled it in the same transaction, unless the watch was not linked
    // to it then; settling again changes nothing (only the watch's current check moves it).
    const resolved = { lookupRowId: lookup.id, status: lookup.status, errorCode: lookup.errorCode };
    const debts =
      lookup.status === "debts"
        ? await db.lookupDebt.findMany({ where: { lookupId: lookup.id }, orderBy: { id: "asc" } })
        : [];
    await db.$transaction((tx) => settleChecks(tx, now, [{ ...resolved, debts }]));
  }
  return afterCheck(watch.id);
}

/** Decided: the row is finished; otherwise it waits for its next moment (or retry). */
async function afterCheck(watchId: string): Promise<Record<string, unknown>> {
  const w = await db.delistingWatch.findUnique({
    where: { id: watchId },
    select: { status: true, notBefore: true },
  });
  if (!w || w.status !== "checking") return {};
  throw new RetryLater(w.notBefore ?? clock.now(), "next delisting check");
}

export function checkJob(
  options: { leaseMs?: number; onDeferred?: (at: Date) => void } = {},
): Job<WatchRow> {
  return {
    name: "delisting-check",
    table: db.delistingWatch,
    pending: { status: "checking" },
    orderBy: { notBefore: "asc" },
    select: {},
    leaseMs: options.leaseMs ?? LEASE_MS,
    retry: CHECK_RETRY,
    failedData: (error, now) => {
      delistingLog.error({ err: error }, "delisting watch given up after its last attempt");
      return {
        status: "decided",
        verdict: "unverified",
        decidedAt: now,
        errorCode: "DELISTING_FAILED",
      };
    },
    sql: { db, table: "DelistingWatch", orderBy: "notBefore", columns: [] },
    run: runCheck,
    onDeferred: options.onDeferred,
  };
}
