import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { loadEnv } from "./lib/env/load";

// JS schema engine + driver adapter: the Prisma 6.19 setup that runs offline (toolchain.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: loadEnv().databaseUrl });
  },
});
