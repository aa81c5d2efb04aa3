import "server-only";
import { randomUUID } from "node:crypto";
import { caseOf, insertRows } from "@/lib/db/bulk-sql";
import { env } from "@/lib/env";
import {
  authorityFailure,
  failedLookupCode,
  type StoredErrorCode,
} from "@/lib/errors/failure-codes";
import { Prisma } from "@/lib/generated/prisma/client";
import type { StoredDebt } from "@/lib/lookups/reactions";
import { diffDebts, type DebtChange } from "@/lib/rules/debt-changes";
import type { DebtType } from "@/lib/rules/debt-types";
import { remindersDue, type Reminder, type ReminderDebt } from "@/lib/rules/debt-reminders";
import { isAuthorityError, retryAfterAuthorityError } from "@/lib/rules/radar-schedule";
import { radarDebtsFound, type RadarDebtFound } from "./facts";
import { radarLog } from "./logger";
import { scheduleOf } from "./watch-schedule";

// What a Radar scan's result does, in the transaction that stores the result (the lookupsResolved
// reaction) or, when the scan's own job finds a result nobody settled, in its own transaction.
// Only an open scan moves (conditional updates), and every event has a unique dedupeKey inserted
// with ON CONFLICT DO NOTHING, so a replayed webhook, a retried job or a second instance changes
// nothing and tells nothing twice. Rules: docs/radar.md.

type Tx = Prisma.TransactionClient;

export const OPEN_SCAN = ["queued", "running"];

/** The origin a scan's lookup is started with (lookupRowData): its result comes back to Radar. */
export const RADAR_LOOKUP = "radar";

/** A resolved lookup as the reaction sees it (lib/lookups/reactions.ts LookupsResolved). */
export type ScanResult = {
  lookupRowId: string;
  status: string;
  errorCode: string | null;
  debts: readonly StoredDebt[];
};

type ScanWatch = {
  id: string;
  kind: string;
  userId: string | null;
  status: string;
  recurrence: string;
  baselineLookupId: string | null;
  uf: string | null;
  vehicle: { uf: string } | null;
};
type OpenScan = { id: string; lookupId: string | null; dueAt: Date; watch: ScanWatch };

/** What happened to each scan (tests and logs). */
export type ScanOutcome =
  "done" | "baseline" | "stale" | "skipped" | "stopped" | "retry" | "failed";

type EventRow = {
  id: string;
  watchId: string;
  userId: string | null;
  dedupeKey: string;
  kind: string;
  reason: string | null;
  debtKey: string | null;
  debtId: string | null;
  lookupId: string | null;
  type: string | null;
  title: string | null;
  amountCents: number | null;
  previousAmountCents: number | null;
  dueDate: Date | null;
  expirationDate: Date | null;
  createdAt: Date;
};
const EVENT_COLUMNS = [
  "id",
  "watchId",
  "userId",
  "dedupeKey",
  "kind",
  "reason",
  "debtKey",
  "debtId",
  "lookupId",
  "type",
  "title",
  "amountCents",
  "previousAmountCents",
  "dueDate",
  "expirationDate",
  "createdAt",
] as const satisfies readonly (keyof EventRow)[];

type Debt = ReminderDebt & { expirationDate: Date | null };

const watched = (
  d: Pick<
    StoredDebt,
    | "debtId"
    | "type"
    | "title"
    | "amountCents"
    | "dueDate"
    | "expirationDate"
    | "hasDiscount"
    | "isExpired"
    | "year"
    | "ait"
  >,
): Debt => ({
  id: d.debtId,
  type: d.type as DebtType,
  title: d.title,
  amountCents: d.amountCents,
  dueDate: d.dueDate,
  expirationDate: d.expirationDate,
  hasDiscount: d.hasDiscount,
  isExpired: d.isExpired,
  year: d.year,
  ait: d.ait,
});

const asDate = (d: Date | string | null | undefined) => (d ? new Date(d) : null);

function changeRow(
  watch: ScanWatch,
  change: DebtChange,
  lookupId: string,
  baselineId: string,
  now: Date,
): EventRow {
  const debt = (change.kind === "amountChanged" ? change.after : change.debt) as Debt;
  return {
    id: randomUUID(),
    watchId: watch.id,
    userId: watch.userId,
    dedupeKey: change.dedupeKey,
    kind: change.kind,
    reason: change.kind === "appeared" ? null : change.reason,
    debtKey: change.debtKey,
    debtId: debt.id,
    // A debt that disappeared was last seen in the baseline; the others in this result.
    lookupId: change.kind === "disappeared" ? baselineId : lookupId,
    type: debt.type,
    title: debt.title,
    amountCents: debt.amountCents,
    previousAmountCents: change.kind === "amountChanged" ? change.before.amountCents : null,
    dueDate: asDate(debt.dueDate),
    expirationDate: asDate(debt.expirationDate),
    createdAt: now,
  };
}

function reminderRow(watch: ScanWatch, r: Reminder, lookupId: string, now: Date): EventRow {
  return {
    id: randomUUID(),
    watchId: watch.id,
    userId: watch.userId,
    dedupeKey: r.dedupeKey,
    kind: r.kind,
    // The offset window it falls in ("3d", "7d", "1d"); the days left follow from dueDate.
    reason: `${r.offset}d`,
    debtKey: r.debtKey,
    debtId: r.debt.id,
    lookupId,
    type: r.debt.type,
    title: r.debt.title,
    amountCents: r.debt.amountCents,
    previousAmountCents: null,
    dueDate: asDate(r.until),
    expirationDate: asDate(r.thenUntil ?? r.debt.expirationDate),
    createdAt: now,
  };
}

async function insertEvents(tx: Tx, rows: EventRow[]): Promise<void> {
  if (rows.length > 0)
    await insertRows(tx, "RadarEvent", EVENT_COLUMNS, rows, { skipDuplicatesOf: "dedupeKey" });
}

const endScan = (
  tx: Tx,
  scanId: string,
  status: string,
  errorCode: StoredErrorCode | null,
  now: Date,
) =>
  tx.radarScan.updateMany({
    where: { id: scanId, status: { in: OPEN_SCAN } },
    data: { status, errorCode, finishedAt: now },
  });

/** Stops a watch by itself (the vehicle is not found, the document is wrong) with its notice. */
export async function stopWatch(
  tx: Tx,
  watch: Pick<ScanWatch, "id" | "userId">,
  reason: "vehicle_not_found" | "wrong_document",
  lookupId: string,
  now: Date,
): Promise<boolean> {
  const stopped = await tx.radarWatch.updateMany({
    where: { id: watch.id, status: "active" },
    data: { status: "stopped", stopReason: reason, stoppedAt: now, notBefore: null },
  });
  if (stopped.count === 0) return false;
  await insertEvents(tx, [
    {
      id: randomUUID(),
      watchId: watch.id,
      userId: watch.userId,
      dedupeKey: `${watch.id}|stopped|${reason}|${lookupId}`,
      kind: "stopped",
      reason,
      debtKey: null,
      debtId: null,
      lookupId,
      type: null,
      title: null,
      amountCents: null,
      previousAmountCents: null,
      dueDate: null,
      expirationDate: null,
      createdAt: now,
    },
  ]);
  return true;
}

async function paidByUs(tx: Tx, debtIds: string[]): Promise<Set<string>> {
  if (debtIds.length === 0) return new Set();
  const paid = await tx.paymentDebt.findMany({
    where: { debtId: { in: debtIds }, payment: { status: "paid" } },
    select: { debtId: true },
  });
  return new Set(paid.map((p) => p.debtId));
}

type Success = { scan: OpenScan; result: ScanResult };

/**
 * Successful results (debts, or none), each compared with its watch's baseline, read for the whole
 * group at once: this runs inside the transaction that stores a claim of webhook results, so a
 * handful of statements for the group instead of a handful per scan keeps the write lock short.
 * Each watch's baseline moves to its new lookup by compare-and-set (of two results settling at
 * once only one tells its changes); no baseline yet: this result becomes it (reminders only).
 */
async function compareAll(
  tx: Tx,
  items: readonly Success[],
  now: Date,
  outcomes: Map<string, ScanOutcome>,
): Promise<(() => void) | undefined> {
  let afterCommit: (() => void) | undefined;
  // One scan per watch in a round; a second result of one watch in the same group waits for the next.
  const round = new Map<string, Success>();
  const later: Success[] = [];
  for (const item of items) {
    if (round.has(item.scan.watch.id)) later.push(item);
    else round.set(item.scan.watch.id, item);
  }
  const first = [...round.values()];
  const baselineIds = [
    ...new Set(
      first.flatMap(({ scan, result }) =>
        scan.watch.baselineLookupId && scan.watch.baselineLookupId !== result.lookupRowId
          ? [scan.watch.baselineLookupId]
          : [],
      ),
    ),
  ];
  const created = new Map(
    (
      await tx.lookup.findMany({
        where: { id: { in: [...baselineIds, ...first.map((i) => i.result.lookupRowId)] } },
        select: { id: true, createdAt: true },
      })
    ).map((l) => [l.id, l.createdAt]),
  );
  const baseDebts = new Map<string, StoredDebt[]>();
  if (baselineIds.length > 0) {
    for (const d of await tx.lookupDebt.findMany({
      where: { lookupId: { in: baselineIds } },
      orderBy: { id: "asc" },
    })) {
      baseDebts.set(d.lookupId, [...(baseDebts.get(d.lookupId) ?? []), d]);
    }
  }
  const paid = await paidByUs(
    tx,
    [...baseDebts.values()].flat().map((d) => d.debtId),
  );

  const stale: string[] = [];
  const moves: {
    scan: OpenScan;
    result: ScanResult;
    from: string | null;
    events: EventRow[];
    compared: boolean;
  }[] = [];
  const offsets = {
    discountEnds: [env.radar.discountReminderDays],
    dueSoon: env.radar.dueReminderDays,
  };
  for (const { scan, result } of first) {
    const { watch } = scan;
    const baselineId =
      watch.baselineLookupId &&
      watch.baselineLookupId !== result.lookupRowId &&
      created.has(watch.baselineLookupId)
        ? watch.baselineLookupId
        : null;
    // An older turn's result landing after a newer one's: the newer one already told its changes.
    if (baselineId && created.get(result.lookupRowId)! < created.get(baselineId)!) {
      stale.push(scan.id);
      outcomes.set(scan.id, "stale");
      continue;
    }
    const after = result.debts.map(watched);
    const changes = baselineId
      ? diffDebts((baseDebts.get(baselineId) ?? []).map(watched), after, {
          scope: `${watch.id}:${baselineId}`,
          paidByUs: paid,
        })
      : [];
    const reminders = remindersDue(after, now, { scope: watch.id, offsets });
    moves.push({
      scan,
      result,
      from: watch.baselineLookupId,
      compared: baselineId !== null,
      events: [
        ...changes.map((c) => changeRow(watch, c, result.lookupRowId, baselineId!, now)),
        ...reminders.map((r) => reminderRow(watch, r, result.lookupRowId, now)),
      ],
    });
  }
  if (moves.length > 0) {
    const moved = await tx.$queryRaw<{ id: string }[]>`UPDATE "RadarWatch"
         SET "baselineLookupId" = ${caseOf(
           "id",
           moves.map((m) => [m.scan.watch.id, m.result.lookupRowId] as const),
         )}, "lastScanAt" = ${now}, "updatedAt" = ${now}
       WHERE ${Prisma.join(
         moves.map((m) =>
           m.from === null
             ? Prisma.sql`("id" = ${m.scan.watch.id} AND "baselineLookupId" IS NULL)`
             : Prisma.sql`("id" = ${m.scan.watch.id} AND "baselineLookupId" = ${m.from})`,
         ),
         " OR ",
       )}
       RETURNING "id"`;
    const won = new Set(moved.map((m) => m.id));
    const told = moves.filter((m) => won.has(m.scan.watch.id)).flatMap((m) => m.events);
    await insertEvents(tx, told);
    // Only the scan that moved the baseline tells its changes, so a debt is found once.
    const found = told.flatMap((e): RadarDebtFound[] =>
      e.kind === "appeared" && e.userId ? [{ ...e, radarEventId: e.id, userId: e.userId }] : [],
    );
    if (found.length > 0) afterCommit = await radarDebtsFound.run(tx, { now, found });
    await tx.radarScan.updateMany({
      where: { id: { in: moves.map((m) => m.scan.id) }, status: { in: OPEN_SCAN } },
      data: { status: "done", errorCode: null, finishedAt: now },
    });
    for (const m of moves) outcomes.set(m.scan.id, m.compared ? "done" : "baseline");
  }
  if (stale.length > 0)
    await tx.radarScan.updateMany({
      where: { id: { in: stale }, status: { in: OPEN_SCAN } },
      data: {
        status: "done",
        errorCode: "STALE_RESULT" satisfies StoredErrorCode,
        finishedAt: now,
      },
    });

  if (later.length > 0) {
    const baselines = new Map(
      (
        await tx.radarWatch.findMany({
          where: { id: { in: later.map((l) => l.scan.watch.id) } },
          select: { id: true, baselineLookupId: true },
        })
      ).map((w) => [w.id, w.baselineLookupId]),
    );
    const thenLater = await compareAll(
      tx,
      later.map(({ scan, result }) => ({
        scan: {
          ...scan,
          watch: { ...scan.watch, baselineLookupId: baselines.get(scan.watch.id) ?? null },
        },
        result,
      })),
      now,
      outcomes,
    );
    if (thenLater) {
      const first = afterCommit;
      afterCommit = () => {
        first?.();
        thenLater();
      };
    }
  }
  return afterCommit;
}

/** After an authority error: the scan goes back to the queue for a fresh lookup, or ends when its period is over. */
async function retryLater(
  tx: Tx,
  scan: OpenScan,
  code: string,
  now: Date,
): Promise<{ outcome: ScanOutcome; at?: Date }> {
  const uf = scan.watch.vehicle?.uf ?? scan.watch.uf ?? "";
  const schedule = scheduleOf(scan.watch, uf);
  const at = retryAfterAuthorityError(schedule, now, env.radar.authorityRetryMs);
  // Past the next turn the next scan asks anyway: this one ends rather than two asking.
  if (at.getTime() >= scan.dueAt.getTime() + schedule.periodMs) {
    await endScan(tx, scan.id, "failed", authorityFailure(code), now);
    return { outcome: "failed" };
  }
  // The lease goes too: a claimer still holding it (the synchronous path) must not write its own
  // check-back over this wait; it reads the scan again and leaves it as it is.
  await tx.radarScan.updateMany({
    where: { id: scan.id, status: { in: OPEN_SCAN }, lookupId: scan.lookupId },
    data: {
      lookupId: null,
      status: "queued",
      errorCode: authorityFailure(code),
      notBefore: at,
      leaseOwner: null,
      leaseUntil: null,
    },
  });
  return { outcome: "retry", at };
}

const WATCH_SELECT = {
  id: true,
  kind: true,
  userId: true,
  status: true,
  recurrence: true,
  baselineLookupId: true,
  uf: true,
  vehicle: { select: { uf: true } },
} as const;

/**
 * Settles the open scans of these resolved lookups (lookups of no scan: nothing happens). Returns
 * each settled scan's outcome, the earliest authority retry (to wake the scan queue then), and
 * what its facts' reactions run once the transaction has committed (radarDebtsFound).
 */
export async function settleScans(
  tx: Tx,
  now: Date,
  results: readonly ScanResult[],
): Promise<{ outcomes: Map<string, ScanOutcome>; retryAt?: Date; afterCommit?: () => void }> {
  const outcomes = new Map<string, ScanOutcome>();
  if (results.length === 0) return { outcomes };
  const scans = (await tx.radarScan.findMany({
    where: { lookupId: { in: results.map((r) => r.lookupRowId) }, status: { in: OPEN_SCAN } },
    select: { id: true, lookupId: true, dueAt: true, watch: { select: WATCH_SELECT } },
  })) as OpenScan[];
  if (scans.length === 0) return { outcomes };
  const byLookup = new Map(results.map((r) => [r.lookupRowId, r]));
  let retryAt: Date | undefined;
  const successes: Success[] = [];
  for (const scan of scans) {
    const result = byLookup.get(scan.lookupId!)!;
    let outcome: ScanOutcome;
    if (scan.watch.status !== "active") {
      // Stopped or unsubscribed while its lookup ran: nothing is told.
      await endScan(tx, scan.id, "skipped", null, now);
      outcome = "skipped";
    } else if (result.status === "debts" || result.status === "no_debts") {
      successes.push({ scan, result });
      continue;
    } else if (result.status === "not_found") {
      await stopWatch(tx, scan.watch, "vehicle_not_found", result.lookupRowId, now);
      await endScan(tx, scan.id, "done", "VEHICLE_NOT_FOUND", now);
      outcome = "stopped";
    } else if (
      result.status === "error" &&
      result.errorCode &&
      isAuthorityError(result.errorCode)
    ) {
      const r = await retryLater(tx, scan, result.errorCode, now);
      outcome = r.outcome;
      if (r.at && (!retryAt || r.at < retryAt)) retryAt = r.at;
    } else {
      // An authority error with another code, or a lookup that failed to start.
      const code =
        result.status === "error"
          ? authorityFailure(result.errorCode)
          : failedLookupCode(result.errorCode);
      await endScan(tx, scan.id, "failed", code, now);
      outcome = "failed";
    }
    outcomes.set(scan.id, outcome);
  }
  const afterCommit =
    successes.length > 0 ? await compareAll(tx, successes, now, outcomes) : undefined;
  radarLog.debug({ scans: outcomes.size }, "radar scans settled");
  return { outcomes, retryAt, afterCommit };
}
