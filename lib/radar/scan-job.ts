import "server-only";
import { DEBT_LOOKUP } from "@/lib/upstream/client";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { failedLookupCode, type StoredErrorCode } from "@/lib/errors/failure-codes";
import { RetryLater, type Job, type RetryPolicy } from "@/lib/jobs";
import { lookupRowData, sendLookup } from "@/lib/lookups/start-lookup";
import { isSpMaintenanceWindow } from "@/lib/rules/sp-maintenance";
import { outsideSpMaintenance } from "@/lib/rules/radar-schedule";
import { processSingleton } from "@/lib/server/singleton";
import { budget } from "@/lib/upstream/budget";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { LookupInput } from "@/lib/validation/lookup-input";
import { radarLog } from "./logger";
import { OPEN_SCAN, RADAR_LOOKUP, settleScans, stopWatch } from "./settle-scans";
import { targetOf, ufOf, WATCH_TARGET_SELECT, type WatchWithTarget } from "./watch-target";
import { scheduleOf } from "./watch-schedule";
import { clock } from "@/lib/clock";

// RadarScan as a lib/jobs queue: one turn of one watch. One run, on whichever instance claimed it:
//   1. the watch is still active (else the scan ends "skipped": nothing is sent);
//   2. an SP vehicle inside the authority's 00-07h window waits for its place after reopening;
//   3. no lookup yet: a unit of Radar's ceiling AND of the general budget (budget.takeShare), or
//      wait for the next window; then the Lookup row is created and linked to the scan in ONE
//      transaction before anything is sent, so a claimer that dies is replaced by one that
//      resends the same externalId (upstream answers it with the same lookup, never a second);
//   4. sent with sendLookup; acknowledged: check back later (the webhook normally settles the scan
//      first, through the lookupsResolved reaction, settle-scans.ts);
//   5. a result nobody settled (a refusal written by sendLookup) is settled here; silence past the
//      upstream's last webhook retry (LOOKUP_GIVE_UP_MS) ends the scan failed.

export const SCAN_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 2_000, maxDelayMs: 60_000 };
export const CHECK_BACK_MS = 20_000;
/**
 * Nobody waits on a re-lookup, so its result may come by the upstream's webhook retries (15, 60
 * and 90 minutes after the first attempt, spec): the scan waits past the last one before it gives
 * up, instead of failing a result that a busy instance refused once and that is on its way again.
 */
export const LOOKUP_GIVE_UP_MS = 95 * 60_000;
/** After the first minutes, a result comes only by a retry: checking back more often finds nothing. */
const PATIENT_AFTER_MS = 2 * 60_000;
const PATIENT_CHECK_BACK_MS = 5 * 60_000;
const LEASE_MS = 60_000;
const OPERATION = DEBT_LOOKUP;

export type ScanRow = {
  id: string;
  attempts: number;
  watchId: string;
  dueAt: Date;
  lookupId: string | null;
};

// Not a correctness decision (the budget lives in the database): once this process was told to
// wait for the next window, the other scans it holds wait too instead of each asking again.
const sharedWait = processSingleton("radar.budget-wait", () => ({ until: 0 }));

/** Whether this process was told to wait for Radar's next window (its claims can then wait too). */
export const waitingForBudget = (): boolean => sharedWait.until > Date.now();

const roundUp = (ms: number) => new Date(Math.ceil(ms / 1000) * 1000);
const checkBack = (waitedMs = 0) =>
  new RetryLater(
    roundUp(Date.now() + (waitedMs > PATIENT_AFTER_MS ? PATIENT_CHECK_BACK_MS : CHECK_BACK_MS)),
    "waiting for the lookup's result",
  );
const budgetWait = (seconds: number) => {
  const at = roundUp(Date.now() + Math.max(1, seconds) * 1000);
  sharedWait.until = Math.max(sharedWait.until, at.getTime());
  return new RetryLater(at, "radar budget: waiting for the next window");
};

/** Step 3's write alone (exported for the restart test, which plays a claimer that dies after it). */
export async function createLinkedScanLookup(scanId: string, input: LookupInput) {
  return db.$transaction(async (tx) => {
    const lookup = await tx.lookup.create({ data: lookupRowData(input, { origin: RADAR_LOOKUP }) });
    const linked = await tx.radarScan.updateMany({
      where: { id: scanId, lookupId: null, status: { in: OPEN_SCAN } },
      data: { lookupId: lookup.id, status: "running" },
    });
    if (linked.count !== 1)
      throw new Error("radar scan changed while its lookup was being created");
    return lookup;
  });
}

async function takeBudget(): Promise<void> {
  if (sharedWait.until > Date.now())
    throw new RetryLater(roundUp(sharedWait.until), "radar budget");
  const wait = await budget.takeShare(OPERATION, env.radar.budgetShare);
  if (wait > 0) throw budgetWait(wait);
}

/** The scan as the reaction may have left it: ended, or sent back for a fresh lookup. */
async function afterSettled(scanId: string): Promise<Record<string, unknown>> {
  const scan = await db.radarScan.findUnique({
    where: { id: scanId },
    select: { status: true, lookupId: true, notBefore: true },
  });
  if (scan && OPEN_SCAN.includes(scan.status) && scan.lookupId === null)
    throw new RetryLater(scan.notBefore ?? clock.now(), "authority error: fresh lookup later");
  return {};
}

// Refusals of the lookup's own data: for a watch, the document no longer matches.
const WRONG_DOCUMENT = new Set<StoredErrorCode>([
  "UPSTREAM_INVALID_REQUEST",
  "UPSTREAM_UNPROCESSABLE",
]);

/** A scan's end with its stored code (typed: only a code of lib/errors is written). */
const ended = (
  status: "done" | "failed",
  errorCode: StoredErrorCode,
  finishedAt = clock.now(),
) => ({
  status,
  errorCode,
  finishedAt,
});

async function runScan(row: ScanRow): Promise<Record<string, unknown>> {
  const watch = (await db.radarWatch.findUnique({
    where: { id: row.watchId },
    select: WATCH_TARGET_SELECT,
  })) as WatchWithTarget | null;
  const input = watch && watch.status === "active" ? targetOf(watch) : null;
  if (!watch || !input) return { status: "skipped", finishedAt: clock.now() };

  let lookup = row.lookupId ? await db.lookup.findUnique({ where: { id: row.lookupId } }) : null;
  if (!lookup || (lookup.status === "pending" && lookup.transactionId === null)) {
    const uf = ufOf(watch) ?? input.uf;
    const now = clock.now();
    if (isSpMaintenanceWindow(uf, now))
      throw new RetryLater(
        outsideSpMaintenance(scheduleOf(watch, uf), now),
        "SP authority maintenance",
      );
    await takeBudget();
    lookup ??= await createLinkedScanLookup(row.id, input);
    try {
      if ((await sendLookup(lookup, { keepPendingOnRateLimit: true })) === "ack") throw checkBack();
    } catch (error) {
      if (error instanceof RetryLater || !isUpstreamError(error)) throw error;
      if (error.code === "UPSTREAM_RATE_LIMITED") throw budgetWait(error.retryAfterSeconds ?? 1);
      // Any other refusal was written to the lookup as failed: settled below.
    }
    lookup = await db.lookup.findUniqueOrThrow({ where: { id: lookup.id } });
  }

  if (lookup.status === "pending") {
    const waited = Date.now() - lookup.createdAt.getTime();
    if (waited <= LOOKUP_GIVE_UP_MS) throw checkBack(waited);
    radarLog.warn({ scanId: row.id, lookupId: lookup.id }, "radar lookup gave no result in time");
    return ended("failed", "LOOKUP_TIMEOUT");
  }
  if (lookup.status === "failed") {
    const code = failedLookupCode(lookup.errorCode);
    if (!WRONG_DOCUMENT.has(code)) return ended("failed", code);
    const lookupId = lookup.id;
    await db.$transaction((tx) => stopWatch(tx, watch, "wrong_document", lookupId, clock.now()));
    return ended("done", "WRONG_DOCUMENT");
  }
  // Resolved: the reaction settled the scan in the same transaction, unless the scan was not
  // linked to it then; settling again changes nothing (open scans only, unique event keys).
  const resolved = { lookupRowId: lookup.id, status: lookup.status, errorCode: lookup.errorCode };
  const debts =
    lookup.status === "debts"
      ? await db.lookupDebt.findMany({ where: { lookupId: lookup.id }, orderBy: { id: "asc" } })
      : [];
  const { afterCommit } = await db.$transaction((tx) =>
    settleScans(tx, clock.now(), [{ ...resolved, debts }]),
  );
  afterCommit?.();
  return afterSettled(row.id);
}

export function scanJob(
  options: { leaseMs?: number; onDeferred?: (at: Date) => void } = {},
): Job<ScanRow> {
  return {
    name: "radar-scan",
    table: db.radarScan,
    pending: { status: OPEN_SCAN },
    orderBy: { dueAt: "asc" },
    // No relation: a backlog's claims mostly wait for the budget, so the watch (and its sealed
    // columns) is read only by a scan that is about to send.
    select: { watchId: true, dueAt: true, lookupId: true },
    leaseMs: options.leaseMs ?? LEASE_MS,
    retry: SCAN_RETRY,
    failedData: (error, now) => {
      radarLog.error({ err: error }, "radar scan given up after its last attempt");
      return ended("failed", "SCAN_FAILED", now);
    },
    sql: {
      db,
      table: "RadarScan",
      orderBy: "dueAt",
      columns: ["watchId", "dueAt", "lookupId"],
    },
    run: runScan,
    onDeferred: options.onDeferred,
  };
}
