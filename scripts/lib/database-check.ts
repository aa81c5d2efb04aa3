// Start-up checks of DATABASE_URL for scripts/start.ts: each failure is one line naming the
// variable and what to do, never a driver's stack trace.
import { existsSync, readdirSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { POSTGRES_MIGRATIONS_PATH } from "../../lib/db/postgres-schema";
import type { DatabaseProvider } from "../../lib/env/schema";

export class DatabaseCheckError extends Error {
  name = "DatabaseCheckError";
}

/** host:port/database without the credentials, for messages. */
export function describePgUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}

/** Turns a pg connection error into the operator's next step. */
export function explainPgError(error: unknown, url: string): string {
  const where = describePgUrl(url);
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  let user = "?";
  try {
    user = decodeURIComponent(new URL(url).username) || "(none)";
  } catch {}
  if (code === "28P01" || code === "28000") {
    return `DATABASE_URL: PostgreSQL at ${where} refused user "${user}" (wrong user name or password). Fix the credentials in DATABASE_URL.`;
  }
  if (code === "3D000")
    return `DATABASE_URL: the database ${where} does not exist. Create it (createdb), then run: npm run db:migrate`;
  if (
    code &&
    /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET)$/.test(code)
  ) {
    return `DATABASE_URL: cannot reach the PostgreSQL server at ${where} (${code}). Is it running, and are host and port right?`;
  }
  if (/timeout/i.test(message))
    return `DATABASE_URL: the PostgreSQL server at ${where} did not answer in time. Is it running, and are host and port right?`;
  return `DATABASE_URL: PostgreSQL at ${where} refused the connection: ${message.split("\n")[0]}`;
}

function migrationNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((d) => /^\d{14}_/.test(d))
    .sort();
}

/** Names of migrations in the folder that the database has not finished applying. */
export async function pendingMigrations(
  provider: DatabaseProvider,
  url: string,
): Promise<string[]> {
  const all = migrationNames(
    provider === "postgresql" ? POSTGRES_MIGRATIONS_PATH : "prisma/migrations",
  );
  const applied = provider === "postgresql" ? await appliedPg(url) : appliedSqlite(url);
  return all.filter((name) => !applied.has(name));
}

const APPLIED = `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

function appliedSqlite(url: string): Set<string> {
  const file = url.replace(/^file:/, "");
  if (!existsSync(file)) return new Set();
  // readonly, and a wait for the lock: a second instance reads while the first one writes.
  const conn = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    const table = conn
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!table) return new Set();
    return new Set(
      (conn.prepare(APPLIED).all() as { migration_name: string }[]).map((r) => r.migration_name),
    );
  } finally {
    conn.close();
  }
}

async function appliedPg(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new DatabaseCheckError(explainPgError(error, url));
  }
  try {
    const exists = await client.query(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS ok`);
    if (!exists.rows[0]?.ok) return new Set();
    return new Set(
      (await client.query<{ migration_name: string }>(APPLIED)).rows.map((r) => r.migration_name),
    );
  } catch (error) {
    throw new DatabaseCheckError(explainPgError(error, url));
  } finally {
    await client.end().catch(() => {});
  }
}
