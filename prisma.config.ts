import path from "node:path";
import { defineConfig } from "prisma/config";
import { loadEnv, standInForPrismaSchemaEngine } from "./lib/env/load";
import { POSTGRES_MIGRATIONS_PATH, POSTGRES_SCHEMA_PATH } from "./lib/db/postgres-schema";

// Prisma 7's CLI: it only generates the clients here (`npm run db:generate`). Its migrate commands
// need the native schema engine, which cannot be downloaded offline: migrations go through
// Prisma 6.19's CLI and prisma-migrate.config.ts (docs/toolchain.md).
// DATABASE_URL's scheme picks the provider's schema, as it does in prisma-migrate.config.ts.
standInForPrismaSchemaEngine(path.resolve("scripts/no-schema-engine.mjs"));
const { databaseUrl, databaseProvider } = loadEnv();
const postgres = databaseProvider === "postgresql";

export default defineConfig({
  schema: postgres ? POSTGRES_SCHEMA_PATH : "prisma/schema.prisma",
  migrations: { path: postgres ? POSTGRES_MIGRATIONS_PATH : "prisma/migrations" },
  datasource: { url: databaseUrl },
});
