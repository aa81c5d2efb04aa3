import "server-only";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { env } from "@/lib/env";
import { sqliteDate } from "@/lib/db/sqlite-date";
import {
  STORE_DEADLINE_MS,
  StoreUnavailableError,
  type NewWebhookEvent,
} from "./event-store-types";
import { processSingleton } from "@/lib/server/singleton";
import { clock } from "@/lib/clock";

// Group commit for the webhook inbox, on its own better-sqlite3 connection (Prisma's per-query
// cost dominates when each delivery is its own insert, see docs/webhooks.md). Writes arriving
// within one window (below) share ONE transaction and ONE fsync (synchronous=FULL, WAL); each
// caller's promise resolves only after that COMMIT returned, so nothing is acknowledged before it
// is durable.
//
// The connection never waits for a lock synchronously (busy_timeout 0): a blocking wait would
// freeze the event loop while Prisma, on the same thread, holds the write lock across awaits.
// A busy database is retried on a timer until each write's deadline, then reported unavailable.

/**
 * Gathering window. Each COMMIT fsyncs and blocks the event loop for about a millisecond or more,
 * so writes arriving meanwhile share the next one. A window that follows the last commit's
 * duration does no better (docs/webhooks.md), so it stays fixed at 1 ms.
 */
const GROUP_WINDOW_MS = 1;
const BUSY_RETRY_MS = 2;

type Conn = Database.Database;
type PendingWrite<T> = {
  run(conn: Conn): T;
  resolve(value: T): void;
  reject(error: unknown): void;
  deadline: number;
};

type State = {
  conn?: Conn;
  statements?: Map<string, Database.Statement>;
  queue: PendingWrite<unknown>[];
  timer?: NodeJS.Timeout;
};
const state = processSingleton<State>("webhooks.store-sqlite", () => ({ queue: [] }));

function connection(): Conn {
  if (state.conn?.open) return state.conn;
  const file = env.databaseUrl.replace(/^file:/, "");
  // fileMustExist: a missing database is an outage to report, not an empty file to create.
  const conn = new Database(file, { fileMustExist: true, timeout: 0 });
  conn.pragma("journal_mode = WAL");
  conn.pragma("synchronous = FULL");
  state.conn = conn;
  state.statements = new Map();
  return conn;
}

/** Prepared once per connection: preparing costs more than running these one-row statements. */
function statement(conn: Conn, sql: string): Database.Statement {
  let stmt = state.statements?.get(sql);
  if (!stmt) {
    stmt = conn.prepare(sql);
    state.statements?.set(sql, stmt);
  }
  return stmt;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"))
  );
}

function schedule(delay: number): void {
  if (state.timer) return;
  state.timer = setTimeout(flush, delay);
}

function flush(): void {
  state.timer = undefined;
  const group = state.queue;
  state.queue = [];
  if (group.length === 0) return;
  let results: unknown[];
  try {
    const conn = connection();
    // IMMEDIATE: take the write lock at BEGIN, so a busy database fails here, before any work.
    results = conn.transaction(() => group.map((write) => write.run(conn))).immediate();
  } catch (error) {
    const now = Date.now();
    if (isBusy(error)) {
      const alive = group.filter(
        (write) => write.deadline > now || (write.reject(new StoreUnavailableError(error)), false),
      );
      state.queue = alive.concat(state.queue);
      if (state.queue.length > 0) schedule(BUSY_RETRY_MS);
      return;
    }
    // Anything else (I/O error, missing file or table, disk full): fail the group and reopen next time.
    for (const write of group) write.reject(new StoreUnavailableError(error));
    try {
      state.conn?.close();
    } catch {}
    state.conn = undefined;
    if (state.queue.length > 0) schedule(GROUP_WINDOW_MS);
    return;
  }
  group.forEach((write, i) => write.resolve(results[i]));
  if (state.queue.length > 0) schedule(GROUP_WINDOW_MS);
}

/** Runs `run` inside the next group transaction; resolves after its COMMIT. */
function groupCommit<T>(run: (conn: Conn) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    state.queue.push({
      run,
      resolve,
      reject,
      deadline: Date.now() + STORE_DEADLINE_MS,
    } as PendingWrite<unknown>);
    schedule(GROUP_WINDOW_MS);
  });
}

const INSERT = `INSERT INTO "WebhookEvent" ("id","dedupeKey","type","transactionId","externalId","payload","traceparent","receivedAt")
  VALUES (?,?,?,?,?,?,?,?) ON CONFLICT("dedupeKey") DO NOTHING`;

/** Stores the raw event; "duplicate" when its dedupeKey is already there (nothing written). */
export function insertWebhookEvent(
  e: NewWebhookEvent,
): Promise<{ stored: true; id: string } | { stored: false }> {
  const id = randomUUID();
  return groupCommit((conn) => {
    const info = statement(conn, INSERT).run(
      id,
      e.dedupeKey,
      e.type,
      e.transactionId,
      e.externalId,
      e.payload,
      e.traceparent,
      sqliteDate(clock.now()),
    );
    return info.changes === 1 ? { stored: true as const, id } : { stored: false as const };
  });
}

/** Deliveries queued or retrying for the next group commit (the dispatcher lets them in first). */
export function writesWaiting(): number {
  return state.queue.length;
}
