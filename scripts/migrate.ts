// npm run db:migrate: applies pending migrations for DATABASE_URL's provider (SQLite or PostgreSQL).
// A no-op when nothing is pending, so it never fails on the lock a running SQLite instance holds.
import { EnvError } from "../lib/env/schema";
import { childProcessEnv, loadEnv } from "../lib/env/load";
import { applyPendingMigrations } from "./lib/apply-migrations";
import { DatabaseCheckError } from "./lib/database-check";
import { DataKeyError, sealStoredData } from "./lib/data-step";

try {
  const env = loadEnv();
  const applied = await applyPendingMigrations(
    env.databaseProvider,
    env.databaseUrl,
    childProcessEnv({ DATABASE_URL: env.databaseUrl }),
  );
  console.log(
    applied.length === 0
      ? "[migrate] no pending migrations"
      : `[migrate] applied ${applied.length}: ${applied.join(", ")}`,
  );
  await sealStoredData(env.databaseUrl, (line) => console.log(`[migrate] ${line}`));
} catch (error) {
  if (
    error instanceof EnvError ||
    error instanceof DatabaseCheckError ||
    error instanceof DataKeyError
  ) {
    console.error(`[migrate] ${error.message}`);
    process.exit(1);
  }
  throw error;
}
