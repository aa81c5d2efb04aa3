import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { databaseProviderOf } from "@/lib/env/schema";
import { moduleLogger } from "@/lib/log/logger";
import { db } from "./client";
import { behindPgBouncer } from "./create-client";

// Erased means unreadable on disk too (docs/privacy.md). An UPDATE that writes "" over a sealed
// value leaves the old text behind: SQLite in the WAL's earlier frames (and, before secure_delete,
// in the page's free space), PostgreSQL in the dead row version, which a plain VACUUM marks free
// but does not overwrite. So every erasure path ends here:
// - SQLite: every connection runs with secure_delete on (create-client.ts), so freed space in a
//   page is zeroed; a TRUNCATE checkpoint then copies the pages into the main file and empties the
//   WAL. It needs no reader in the WAL: when another one holds it, this connection is inside a
//   transaction, or the checkpoint is busy, it tries again, then says so (the next erasure or the
//   retention task's run checkpoints again).
// - PostgreSQL: VACUUM FULL of the touched tables rewrites them into new files without the dead
//   versions (an ACCESS EXCLUSIVE lock for the rewrite: milliseconds at this product's sizes; the
//   lock waits at most LOCK_TIMEOUT, then the table is left to the next pass; on large tables the
//   rewrite itself holds that lock for as long as it takes: docs/privacy.md). The rewrite keeps a
//   dead version that some transaction may still see: one whose snapshot in this database, or
//   whose transaction id anywhere in the cluster (it holds back every new snapshot's xmin, the
//   VACUUM's own too), is older than the erasure. So it first waits, bounded, until none is left.
//   Old versions in WAL segments and backups are out of reach here: docs/privacy.md says for how
//   long they last.

const log = moduleLogger("db");

/** Tables holding personal data that an erasure overwrites or deletes. */
export type PersonalTable =
  | "Lookup"
  | "Checkout"
  | "WebhookEvent"
  | "MailMessage"
  | "ReceivedMail"
  | "RadarWatch"
  | "RadarEvent"
  | "WorkspaceClient"
  | "WorkspaceVehicle"
  | "Session"
  | "Verification"
  | "CardToken";

const ATTEMPTS = 20;
const RETRY_MS = 100;
// Short: while VACUUM FULL waits for its lock, every later statement on the table queues behind it
// (a webhook's insert, a poll's read), so a long wait would stall the storefront.
const LOCK_TIMEOUT = "1s";

// How long an erasure waits for the transactions older than it to end before rewriting anyway
// (what they hold is then left to the next pass, logged). Ours last milliseconds.
const HORIZON_WAIT_MS = 5_000;
const HORIZON_POLL_MS = 25;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function checkpointSqlite(): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const [row] = await db.$queryRawUnsafe<{ busy: number | bigint }[]>(
        "PRAGMA wal_checkpoint(TRUNCATE)",
      );
      if (Number(row?.busy ?? 0) === 0) return true;
    } catch (error) {
      // SQLITE_LOCKED: this process's connection is inside another transaction right now.
      if (!/locked/i.test(String((error as Error).message))) throw error;
    }
    await sleep(RETRY_MS);
  }
  return false;
}

/**
 * Waits until no transaction that began before this call can still see a row version deleted
 * before it: no transaction id below the snapshot's xmax still runs (in any database of the
 * cluster), and no other session of this database holds a snapshot older than it. False when
 * HORIZON_WAIT_MS passed first.
 */
async function waitForOlderTransactions(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ horizon: string }>(
    "SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon",
  );
  const horizon = rows[0]!.horizon;
  const deadline = Date.now() + HORIZON_WAIT_MS;
  for (;;) {
    const check = await client.query<{ clear: boolean }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity
                           WHERE datname = current_database() AND pid <> pg_backend_pid()
                             AND backend_xmin IS NOT NULL
                             AND age(backend_xmin) > age(xid($1::xid8))) AS clear`,
      [horizon],
    );
    if (check.rows[0]!.clear) return true;
    if (Date.now() >= deadline) return false;
    await sleep(HORIZON_POLL_MS);
  }
}

async function vacuumPostgres(tables: readonly PersonalTable[]): Promise<boolean> {
  // Its own connection: VACUUM runs outside a transaction, and the lock timeout is this session's
  // (a startup option, which PgBouncer refuses: behind it the server's own lock_timeout holds).
  const client = new pg.Client({
    connectionString: env.databaseUrl,
    options: behindPgBouncer(env.databaseUrl) ? undefined : `-c lock_timeout=${LOCK_TIMEOUT}`,
  });
  await client.connect();
  let complete = true;
  try {
    if (!(await waitForOlderTransactions(client))) {
      complete = false;
      log.warn(
        { waitedMs: HORIZON_WAIT_MS },
        "erased rows' old versions may outlive this rewrite: a transaction older than the erasure still runs",
      );
    }
    for (const table of [...new Set(tables)]) {
      try {
        await client.query(`VACUUM (FULL) "${table}"`);
      } catch (error) {
        if ((error as { code?: string }).code !== "55P03") throw error; // lock_not_available
        complete = false;
        log.warn({ table }, "erased rows' old versions not reclaimed yet: the table was busy");
      }
    }
  } finally {
    await client.end();
  }
  return complete;
}

/**
 * After an erasure committed: rewrites what holds the erased values' old copies. Returns false
 * when part of it must wait for a later pass (logged).
 */
export async function reclaimErasedSpace(tables: readonly PersonalTable[]): Promise<boolean> {
  if (tables.length === 0) return true;
  if (databaseProviderOf(env.databaseUrl) === "postgresql") return vacuumPostgres(tables);
  const done = await checkpointSqlite();
  if (!done) log.warn("erased values' old copies still in the WAL: the checkpoint was busy");
  return done;
}
