// Migrations at start-up. SQLite (the one-host default): apply what is pending, tolerating a
// second instance doing the same on the same file. PostgreSQL (shared by several instances):
// never migrate implicitly; refuse to serve an unmigrated schema and name the command.
import { spawnSync } from "node:child_process";
import type { DatabaseProvider } from "../../lib/env/schema";
import { migrateCli } from "./migrate-cli";
import { DatabaseCheckError, pendingMigrations } from "./database-check";

const RETRY_MS = 500;
const LOCK_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The error line of a failed `prisma migrate deploy`, without the stack around it. */
function firstErrorLine(output: string): string {
  const lines = output
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    lines.find((l) => /error|P\d{4}|failed/i.test(l) && !/^at /.test(l)) ??
    lines.at(-1) ??
    "unknown error"
  );
}

/**
 * Applies pending migrations. Nothing pending: returns without running the CLI at all, because
 * `prisma migrate deploy` on SQLite dies at once (WASM_ERROR ... SocketTimeout) whenever another
 * process has the file open, e.g. a running instance. Something pending: deploy, retrying while
 * another process holds the lock, and stop as soon as nothing is pending (another instance did it).
 * Returns the names applied here (empty when there was nothing to do).
 */
export async function applyPendingMigrations(
  provider: DatabaseProvider,
  url: string,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const pending = await pendingMigrations(provider, url);
  if (pending.length === 0) return [];
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const run = spawnSync(...migrateCli(["migrate", "deploy"]), { env, encoding: "utf8" });
    if (run.status === 0) return pending;
    if ((await pendingMigrations(provider, url)).length === 0) return pending;
    const retryable =
      provider === "sqlite" &&
      /SocketTimeout|SQLITE_BUSY|database is locked/.test(`${run.stderr}${run.stdout}`);
    if (!retryable || Date.now() > deadline) {
      const hint = retryable
        ? " (another process kept the database file locked: stop the running instances, then run npm run db:migrate)"
        : "";
      throw new DatabaseCheckError(
        `DATABASE_URL: applying migrations failed: ${firstErrorLine(`${run.stderr}\n${run.stdout}`)}${hint}`,
      );
    }
    await sleep(RETRY_MS);
  }
}

/** Start-up: SQLite is migrated in place (no set-up); PostgreSQL must already be (npm run db:migrate). Returns what it applied. */
export async function ensureMigrated(
  provider: DatabaseProvider,
  url: string,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  if (provider === "postgresql") {
    const pending = await pendingMigrations(provider, url);
    if (pending.length > 0) {
      throw new DatabaseCheckError(
        `DATABASE_URL: the PostgreSQL database is not migrated (${pending.length} pending: ${pending.join(", ")}). Run: npm run db:migrate`,
      );
    }
    return [];
  }
  return applyPendingMigrations(provider, url, env);
}
