// PostgreSQL migrations without the Prisma CLI, for the production image's migration step
// (dist/migrate.mjs, docs/deploy.md): the CLI and its engines are 90 MB of dev dependencies and
// would put TypeScript config loading back into the image. It keeps Prisma's own bookkeeping, so
// either one can run after the other: the `_prisma_migrations` table as Prisma creates it, each
// migration's checksum (SHA-256 of its migration.sql), and Prisma's advisory lock, so a runner
// and a CLI (or two runners: two migration containers) never apply at once.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The key `prisma migrate` locks (migration-engine's ADVISORY_LOCK_TIMEOUT key): shared with the CLI. */
const PRISMA_ADVISORY_LOCK = 72707369;

const TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  name = "MigrationError";
}

type Applied = { migration_name: string; checksum: string; finished_at: Date | null };

/**
 * Applies the folder's pending migrations in name order, each in its own transaction with its
 * bookkeeping row; returns the names applied. Refuses to go on when an applied migration's file
 * changed since (its checksum) or one was left failed (a row without finished_at), as the CLI does.
 */
export async function applyPgMigrations(url: string, dir: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(TABLE);
    const rows = (
      await client.query<Applied>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      )
    ).rows;
    const failed = rows.find((r) => r.finished_at === null);
    if (failed)
      throw new MigrationError(
        `migration ${failed.migration_name} failed earlier and was not resolved: fix the database, then mark it rolled back (prisma migrate resolve)`,
      );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const name of readdirSync(dir)
      .filter((d) => /^\d{14}_/.test(d))
      .sort()) {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const known = applied.get(name);
      if (known !== undefined) {
        if (known !== checksum)
          throw new MigrationError(`migration ${name} was changed after it was applied`);
        continue;
      }
      const id = randomUUID();
      try {
        await client.query("BEGIN");
        // The simple query protocol (no parameters) runs the file's statements one after another.
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [id, checksum, name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw new MigrationError(
          `migration ${name} failed, nothing of it was applied: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      done.push(name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
