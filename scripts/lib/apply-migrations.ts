// Migrations at start-up. SQLite (the one-host default): apply what is pending, tolerating a
// second instance doing the same on the same file. PostgreSQL (shared by several instances):
// never migrate implicitly; refuse to serve an unmigrated schema and name the command.
import { spawnSync } from "node:child_process";
import type { DatabaseProvider } from "../../lib/env/schema";
import { DatabaseCheckError, pendingMigrations } from "./database-check";

const RETRY_MS = 500;
const LOCK_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The error line of a failed `prisma migrate deploy`, without the stack around it. */
function firstErrorLine(output: string): string {
  const lines = output.split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /error|P\d{4}|failed/i.test(l) && !/^at /.test(l)) ?? lines.at(-1) ?? "unknown error";
}

export async function ensureMigrated(provider: DatabaseProvider, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  const pending = await pendingMigrations(provider, url);
  if (pending.length === 0) return;
  if (provider === "postgresql") {
    throw new DatabaseCheckError(
      `DATABASE_URL: the PostgreSQL database is not migrated (${pending.length} pending: ${pending.join(", ")}). Run: npm run db:migrate`,
    );
  }
  // `migrate deploy` dies at once (SocketTimeout) when another process holds SQLite's lock, e.g.
  // a second instance migrating the same file: wait, and stop as soon as nothing is pending.
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const run = spawnSync("npx", ["prisma", "migrate", "deploy"], { env, encoding: "utf8" });
    if (run.status === 0) return;
    if ((await pendingMigrations(provider, url)).length === 0) return;
    if (Date.now() > deadline) {
      throw new DatabaseCheckError(`DATABASE_URL: applying migrations to ${url} failed: ${firstErrorLine(`${run.stderr}\n${run.stdout}`)}`);
    }
    await sleep(RETRY_MS);
  }
}
