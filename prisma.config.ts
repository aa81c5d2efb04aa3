import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg-cli";
import { defineConfig } from "prisma/config";
import { loadEnv } from "./lib/env/load";
import { POSTGRES_MIGRATIONS_PATH, POSTGRES_SCHEMA_PATH } from "./lib/db/postgres-schema";

// JS schema engine + driver adapter: the Prisma 6.19 setup that runs offline (toolchain.md).
// DATABASE_URL's scheme picks the provider, so `npm run db:migrate` works for both. PostgreSQL
// migrations need adapter-pg 7.x here (6.19.3 cannot read type 'name', prisma/orm#27403);
// the app's runtime client keeps 6.19.3 (lib/db/create-client.ts).
const { databaseUrl, databaseProvider } = loadEnv();
const postgres = databaseProvider === "postgresql";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? POSTGRES_SCHEMA_PATH : "prisma/schema.prisma",
  migrations: { path: postgres ? POSTGRES_MIGRATIONS_PATH : "prisma/migrations" },
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: databaseUrl }) : new PrismaBetterSQLite3({ url: databaseUrl });
  },
});
