import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma-migrate-cli/config";
import { loadEnv } from "./lib/env/load";
import { POSTGRES_MIGRATIONS_PATH, POSTGRES_SCHEMA_PATH } from "./lib/db/postgres-schema";
import { migrateSchemaFile } from "./scripts/lib/migrate-cli";

// Prisma 6.19's CLI (the `prisma-migrate-cli` alias) with its JavaScript schema engine: the one
// Prisma CLI that migrates offline, since 7.x needs the native engine (docs/toolchain.md). Only
// migration commands use it, through scripts/lib/migrate-cli.ts; the clients come from Prisma 7.
// The adapters are the app's own 7.x ones (6.19's adapter-pg cannot read type 'name',
// prisma/orm#27403). DATABASE_URL's scheme picks the provider.
const { databaseUrl, databaseProvider } = loadEnv();
const postgres = databaseProvider === "postgresql";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: migrateSchemaFile(postgres ? POSTGRES_SCHEMA_PATH : "prisma/schema.prisma"),
  migrations: { path: postgres ? POSTGRES_MIGRATIONS_PATH : "prisma/migrations" },
  async adapter() {
    return postgres
      ? new PrismaPg({ connectionString: databaseUrl })
      : new PrismaBetterSqlite3({ url: databaseUrl });
  },
});
