// dist/migrate.mjs, the production image's migration step (docs/deploy.md): applies PostgreSQL's
// pending migrations without the Prisma CLI (./lib/pg-migrations.ts), then the data step (personal
// values sealed under the current key). Run once per release before the new instances start;
// instances refuse to serve an unmigrated schema and wait for it (readiness).
import { POSTGRES_MIGRATIONS_PATH } from "../lib/db/postgres-schema";
import { loadEnv } from "../lib/env/load";
import { EnvError } from "../lib/env/schema";
import { DataKeyError, sealStoredData } from "./lib/data-step";
import { applyPgMigrations, MigrationError } from "./lib/pg-migrations";

const say = (line: string) => console.log(`[migrate] ${line}`);

try {
  const env = loadEnv();
  if (env.databaseProvider !== "postgresql")
    throw new EnvError([
      "DATABASE_URL: the image migrates PostgreSQL; a SQLite file is migrated by npm start (or npm run db:migrate) on its host",
    ]);
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
