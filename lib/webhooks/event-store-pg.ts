import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { env } from "@/lib/env";
import {
  STORE_DEADLINE_MS,
  StoreUnavailableError,
  type InsertResult,
  type NewWebhookEvent,
} from "./event-store-types";
import { processSingleton } from "@/lib/server/singleton";

// Group commit for the webhook inbox on PostgreSQL: deliveries arriving while a commit is in
// flight wait for the next one and go in as ONE multi-row INSERT ... ON CONFLICT DO NOTHING.
// Each caller's promise resolves only after that COMMIT returned (nothing acknowledged earlier).

const GROUP_WINDOW_MS = 1;
/** Bind parameters per statement are capped at 65535; 6 per row. */
const MAX_ROWS = 1000;
/** Commits in flight at once; more only queue on the row locks of the unique index. */
const MAX_IN_FLIGHT = 2;

type PendingWrite = {
  id: string;
  e: NewWebhookEvent;
  resolve(r: InsertResult): void;
  reject(e: unknown): void;
};

type State = { pool?: pg.Pool; queue: PendingWrite[]; timer?: NodeJS.Timeout; inFlight: number };
const state = processSingleton<State>("webhooks.store-pg", () => ({ queue: [], inFlight: 0 }));

function pool(): pg.Pool {
  state.pool ??= new pg.Pool({
    connectionString: env.databaseUrl,
    max: MAX_IN_FLIGHT,
    connectionTimeoutMillis: STORE_DEADLINE_MS,
    statement_timeout: STORE_DEADLINE_MS,
  });
  return state.pool;
}

function schedule(): void {
  if (state.timer || state.inFlight >= MAX_IN_FLIGHT || state.queue.length === 0) return;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void flush();
  }, GROUP_WINDOW_MS);
}

// Prisma stores DateTime as UTC in timestamp(3) columns: write the same, whatever the host's zone.
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

/** One statement is its own transaction: it returns only after COMMIT. */
async function commit(conn: pg.PoolClient, inserts: PendingWrite[]): Promise<Set<string>> {
  const values = inserts.map(
    (_, i) =>
      `($${i * 7 + 1},$${i * 7 + 2},$${i * 7 + 3},$${i * 7 + 4},$${i * 7 + 5},$${i * 7 + 6},$${i * 7 + 7},${NOW_UTC})`,
  );
  const params = inserts.flatMap(({ id, e }) => [
    id,
    e.dedupeKey,
    e.type,
    e.transactionId,
    e.externalId,
    e.payload,
    e.traceparent,
  ]);
  const result = await conn.query<{ id: string }>(
    `INSERT INTO "WebhookEvent" ("id","dedupeKey","type","transactionId","externalId","payload","traceparent","receivedAt")
     VALUES ${values.join(",")} ON CONFLICT ("dedupeKey") DO NOTHING RETURNING "id"`,
    params,
  );
  return new Set(result.rows.map((r) => r.id));
}

async function flush(): Promise<void> {
  const group = state.queue.splice(0, MAX_ROWS);
  if (group.length === 0) return;
  state.inFlight++;
  let conn: pg.PoolClient | undefined;
  try {
    conn = await pool().connect();
    const stored = await commit(conn, group);
    conn.release();
    for (const write of group)
      write.resolve(stored.has(write.id) ? { stored: true, id: write.id } : { stored: false });
  } catch (error) {
    // The connection may be broken mid-transaction: drop it rather than return it to the pool.
    conn?.release(error instanceof Error ? error : true);
    for (const write of group) write.reject(new StoreUnavailableError(error));
  } finally {
    state.inFlight--;
    schedule();
  }
}

function enqueue(write: PendingWrite): void {
  state.queue.push(write);
  schedule();
}

export function insertWebhookEvent(e: NewWebhookEvent): Promise<InsertResult> {
  return new Promise((resolve, reject) => enqueue({ id: randomUUID(), e, resolve, reject }));
}

/** Deliveries queued or being committed (the dispatcher lets them in first). */
export function writesWaiting(): number {
  return state.queue.length + state.inFlight;
}
