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
//   rewrite itself holds that lock for as long as it takes: docs/privacy.md). Old versions in WAL
//   segments and backups are out of reach here: docs/privacy.md says for how long they last.

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
