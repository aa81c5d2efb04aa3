// dist/migrate.mjs, the production image's migration step (docs/deploy.md): applies PostgreSQL's
// pending migrations without the Prisma CLI (./lib/pg-migrations.ts), then the data step (personal
// values sealed under the current key). Run once per release before the new instances start;
// instances refuse to serve an unmigrated schema and wait for it (readiness).
//   node migrate.mjs          apply, then the data step
//   node migrate.mjs --wait   apply nothing: wait until the schema is migrated (an instance's start
//                             in compose.yaml, where podman-compose drops depends_on conditions)
import { POSTGRES_MIGRATIONS_PATH } from "../lib/db/postgres-schema";
import { loadEnv } from "../lib/env/load";
import { EnvError } from "../lib/env/schema";
import { DataKeyError, sealStoredData } from "./lib/data-step";
import { DatabaseCheckError, pendingMigrations } from "./lib/database-check";
import { applyPgMigrations, MigrationError } from "./lib/pg-migrations";

const WAIT_MS = 10 * 60_000;

const say = (line: string) => console.log(`[migrate] ${line}`);

try {
  const env = loadEnv();
  if (env.databaseProvider !== "postgresql")
    throw new EnvError([
      "DATABASE_URL: the image migrates PostgreSQL; a SQLite file is migrated by npm start (or npm run db:migrate) on its host",
    ]);
  if (process.argv.includes("--wait")) {
    const deadline = Date.now() + WAIT_MS;
    let last = "";
    for (;;) {
      // The database may not even answer yet (its container is starting): that is waited for too.
      const pending = await pendingMigrations("postgresql", env.databaseUrl).catch(
        (error: unknown) =>
          error instanceof DatabaseCheckError ? error.message : Promise.reject(error),
      );
      if (Array.isArray(pending) && pending.length === 0) break;
      const now = Array.isArray(pending) ? `${pending.length} migration(s) pending` : pending;
      if (now !== last) say(`waiting: ${(last = now)}`);
      if (Date.now() > deadline)
        throw new MigrationError(`still ${now} after ${WAIT_MS / 60_000} min`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    say("the schema is migrated");
    process.exit(0);
  }
  const applied = await applyPgMigrations(env.databaseUrl, POSTGRES_MIGRATIONS_PATH);
  say(
    applied.length === 0
      ? "no pending migrations"
      : `applied ${applied.length}: ${applied.join(", ")}`,
  );
  await sealStoredData(env.databaseUrl, say);
} catch (error) {
  if (
    error instanceof EnvError ||
    error instanceof MigrationError ||
    error instanceof DataKeyError
  ) {
    console.error(`[migrate] ${error.message}`);
    process.exit(1);
  }
  throw error;
}
