import "server-only";
import { openSealed } from "@/lib/db/sealed-fields";
import { sqliteDate } from "@/lib/db/sqlite-date";
import { env } from "@/lib/env";
import type { RetryPolicy } from "./backoff";
import { backoffMs, givesUp } from "./backoff";
import { claimToken, processOwnerId } from "./owner";
import { pendingSql, pendingWhere, type Pending } from "./pending";
import { clock } from "@/lib/clock";

// The claim primitives of lib/jobs, on any table with the four lease columns (leaseOwner,
// leaseUntil, attempts, notBefore). Every step is ONE conditional update whose count says who won,
// so it is correct on SQLite (one writer at a time) and on PostgreSQL (an UPDATE re-checks its
// WHERE on the row it locked, under READ COMMITTED): two instances can never both hold a row.

type Where = Record<string, unknown>;

/** The slice of a Prisma model delegate we use (db.webhookEvent satisfies it). */
export type LeaseTable = {
  findMany(args: {
    where: Where;
    orderBy?: Where;
    take?: number;
    select: Where;
  }): Promise<unknown[]>;
  updateMany(args: { where: Where; data: Where }): Promise<{ count: number }>;
};

export type Queue = {
  /** For logs, and the registry that releases everything on shutdown. */
  name: string;
  table: LeaseTable;
  /** Rows not finished yet, e.g. `{ outcome: null }` (the claim and the release read it). */
  pending: Pending;
  orderBy: Where;
  /** Columns the handler reads, besides id and attempts. */
  select: Where;
  /** How long a claim holds; the runner renews it while the work runs. */
  leaseMs: number;
  retry: RetryPolicy;
  /** Columns written when the row is given up. */
  failedData(error: string, now: Date): Where;
  /** The same queue in SQL: the claim becomes one statement on either provider (below). */
  sql?: SqlQueue;
};

/**
 * A queue's table in SQL terms, for the one-statement claims. Identifiers are the quoted names
 * Prisma created; the pending condition is the queue's own (`pendingSql`). Fixed strings from
 * code, never input.
 */
export type SqlQueue = {
  db: { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };
  table: string;
  orderBy: string;
  /**
   * Columns the handler reads, returned by the claim itself. Omitted when the handler reads
   * relations (the queue's `select`): the claimed rows are then read back by the claim's token,
   * one more round trip, still without the lost races of the portable claim.
   */
  columns?: string[];
};

/** traceparent: the span that queued the row (lib/tracing), when the queue's columns read it. */
export type ClaimedRow = { id: string; attempts: number; traceparent?: string | null };
export type Claim<Row> = { token: string; rows: Row[] };

const free = (now: Date) => ({ OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] });
const due = (now: Date) => ({ OR: [{ notBefore: null }, { notBefore: { lte: now } }] });
const unleased = { leaseOwner: null, leaseUntil: null };

/**
 * Claims up to `limit` due rows, oldest first. A claim counts as an attempt at once, so a row that
 * crashes its claimer each time is still given up after maxAttempts.
 */
export async function claim<Row extends ClaimedRow>(
  q: Queue,
  limit: number,
  now = clock.now(),
): Promise<Claim<Row>> {
  if (q.sql)
    return env.databaseProvider === "postgresql"
      ? claimInOneStatement<Row>(q, q.sql, limit, now)
      : claimInOneSqliteStatement<Row>(q, q.sql, limit, now);
  const token = claimToken();
  // Two claimers that read the same candidates: the first UPDATE takes them, the second takes
  // none and looks again (it would otherwise report "nothing due" while rows wait). Bounded: the
  // rows a claimer lost are leased, so its next read finds others or nothing.
  for (let tries = 0; ; tries++) {
    const candidates = (await q.table.findMany({
      where: { AND: [pendingWhere(q.pending), free(now), due(now)] },
      orderBy: q.orderBy,
      take: limit,
      select: { id: true },
    })) as { id: string }[];
    if (candidates.length === 0) return { token, rows: [] };
    // The same conditions again, in the UPDATE: a row another claimer took in between is skipped.
    const won = await q.table.updateMany({
      where: {
        AND: [
          { id: { in: candidates.map((c) => c.id) } },
          pendingWhere(q.pending),
          free(now),
          due(now),
        ],
      },
      data: {
        leaseOwner: token,
        leaseUntil: new Date(now.getTime() + q.leaseMs),
        attempts: { increment: 1 },
      },
    });
    if (won.count > 0) break;
    if (tries === 2) return { token, rows: [] };
  }
  const rows = (await q.table.findMany({
    where: { leaseOwner: token },
    orderBy: q.orderBy,
    select: { ...q.select, id: true, attempts: true },
  })) as Row[];
  return { token, rows };
}

// Prisma stores DateTime as UTC wall time in timestamp(3) columns; an ISO string cast to timestamp
// drops its "Z" and compares the same way, whatever the session's time zone.
const ts = (d: Date) => d.toISOString();

/**
 * PostgreSQL: the same claim as above in ONE round trip instead of three. Rows another claimer has
 * locked are skipped rather than waited for or found and lost, so instances draining one queue
 * side by side do not pay for each other's claims. A row updated since this statement's snapshot
 * is re-checked on its newest version (READ COMMITTED), so two claimers never both get it.
 */
async function claimInOneStatement<Row extends ClaimedRow>(
  q: Queue,
  sql: SqlQueue,
  limit: number,
  now: Date,
): Promise<Claim<Row>> {
  const token = claimToken();
  // The order column comes back too, to sort by: RETURNING keeps no order.
  const columns = [...new Set(["id", "attempts", ...(sql.columns ?? []), sql.orderBy])]
    .map((c) => `t."${c}"`)
    .join(", ");
  const rows = await sql.db.$queryRawUnsafe<Row[]>(
    `UPDATE "${sql.table}" AS t
        SET "leaseOwner" = $1, "leaseUntil" = $2::timestamp(3), "attempts" = t."attempts" + 1
       FROM (SELECT "id" FROM "${sql.table}"
              WHERE (${pendingSql(q.pending)})
                AND ("leaseUntil" IS NULL OR "leaseUntil" < $3::timestamp(3))
                AND ("notBefore" IS NULL OR "notBefore" <= $3::timestamp(3))
              ORDER BY "${sql.orderBy}" ASC
              LIMIT $4
              FOR UPDATE SKIP LOCKED) AS c
      WHERE t."id" = c."id"
      RETURNING ${columns}`,
    token,
    ts(new Date(now.getTime() + q.leaseMs)),
    ts(now),
    limit,
  );
  return claimedRows(q, sql, token, rows);
}

/** The rows a one-statement claim returned, as the handler reads them, oldest first. */
async function claimedRows<Row extends ClaimedRow>(
  q: Queue,
  sql: SqlQueue,
  token: string,
  rows: Row[],
): Promise<Claim<Row>> {
  if (!sql.columns) {
    if (rows.length === 0) return { token, rows };
    const withRelations = (await q.table.findMany({
      where: { leaseOwner: token },
      orderBy: q.orderBy,
      select: { ...q.select, id: true, attempts: true },
    })) as Row[];
    return { token, rows: withRelations };
  }
  // Raw SQL passes by the client's sealing: personal columns come back sealed (lib/db/sealed-fields.ts).
  openSealed(rows);
  const key = sql.orderBy as keyof Row;
  rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  return { token, rows };
}

/**
 * SQLite: the same claim in ONE statement instead of three (the candidates, the conditional
 * update, the read-back). SQLite has one writer at a time: the subquery is read inside the
 * UPDATE's write, so two claimers, in this process or another on the same file, never both get a
 * row and never lose a race to each other.
 */
async function claimInOneSqliteStatement<Row extends ClaimedRow>(
  q: Queue,
  sql: SqlQueue,
  limit: number,
  now: Date,
): Promise<Claim<Row>> {
  const token = claimToken();
  const columns = [...new Set(["id", "attempts", ...(sql.columns ?? []), sql.orderBy])]
    .map((c) => `"${c}"`)
    .join(", ");
  const rows = await sql.db.$queryRawUnsafe<Row[]>(
    `UPDATE "${sql.table}"
        SET "leaseOwner" = ?, "leaseUntil" = ?, "attempts" = "attempts" + 1
      WHERE "id" IN (SELECT "id" FROM "${sql.table}"
                      WHERE (${pendingSql(q.pending)})
                        AND ("leaseUntil" IS NULL OR "leaseUntil" < ?)
                        AND ("notBefore" IS NULL OR "notBefore" <= ?)
                      ORDER BY "${sql.orderBy}" ASC
                      LIMIT ?)
      RETURNING ${columns}`,
    token,
    sqliteDate(new Date(now.getTime() + q.leaseMs)),
    sqliteDate(now),
    sqliteDate(now),
    limit,
  );
  return claimedRows(q, sql, token, rows);
}

/** Writes the row's result and lets go of it; false when the lease was lost (another claimer has it). */
export async function finish(q: Queue, token: string, id: string, data: Where): Promise<boolean> {
  const { count } = await q.table.updateMany({
    where: { id, leaseOwner: token },
    data: { ...data, ...unleased, notBefore: null },
  });
  return count === 1;
}

/**
 * finish() for several rows of one claim: one statement per distinct result (rows that ended the
 * same way share it). Says how many were still held by this claim.
 */
export async function finishMany(
  q: Queue,
  token: string,
  results: ReadonlyMap<string, Where>,
): Promise<number> {
  const byResult = new Map<string, { data: Where; ids: string[] }>();
  for (const [id, data] of results) {
    const key = JSON.stringify(data);
    const entry = byResult.get(key) ?? byResult.set(key, { data, ids: [] }).get(key)!;
    entry.ids.push(id);
  }
  let finished = 0;
  for (const { data, ids } of byResult.values()) {
    finished += (
      await q.table.updateMany({
        where: { id: { in: ids }, leaseOwner: token },
        data: { ...data, ...unleased, notBefore: null },
      })
    ).count;
  }
  return finished;
}

/** After a failed try: back off (attempts and notBefore in the row), or give up. True when given up. */
export async function fail(
  q: Queue,
  token: string,
  row: ClaimedRow,
  error: string,
  now = clock.now(),
): Promise<boolean> {
  if (givesUp(row.attempts, q.retry)) {
    await finish(q, token, row.id, q.failedData(error, now));
    return true;
  }
  await q.table.updateMany({
    where: { id: row.id, leaseOwner: token },
    data: { ...unleased, notBefore: new Date(now.getTime() + backoffMs(row.attempts, q.retry)) },
  });
  return false;
}

/** Not a failure: due again at `at`, and this try does not count. */
export async function defer(q: Queue, token: string, id: string, at: Date): Promise<void> {
  await q.table.updateMany({
    where: { id, leaseOwner: token },
    data: { ...unleased, notBefore: at, attempts: { decrement: 1 } },
  });
}

/** defer() for several rows of one claim due at the same moment: one statement for all of them. */
export async function deferMany(q: Queue, token: string, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await q.table.updateMany({
    where: { id: { in: ids }, leaseOwner: token },
    data: { ...unleased, notBefore: at, attempts: { decrement: 1 } },
  });
}

/** Keeps a claim while its work runs. */
export async function renew(q: Queue, token: string, now = clock.now()): Promise<number> {
  const { count } = await q.table.updateMany({
    where: { leaseOwner: token },
    data: { leaseUntil: new Date(now.getTime() + q.leaseMs) },
  });
  return count;
}

/** Hands back rows not started: one claim's (token), or every claim of this process. */
export async function release(q: Queue, token?: string): Promise<number> {
  const owner = token
    ? { leaseOwner: token }
    : { leaseOwner: { startsWith: `${processOwnerId()}#` } };
  const { count } = await q.table.updateMany({
    where: { AND: [owner, pendingWhere(q.pending)] },
    data: { ...unleased, attempts: { decrement: 1 } },
  });
  return count;
}
