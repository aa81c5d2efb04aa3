import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Every integration suite runs twice: on SQLite (the `sqlite` project) and on PostgreSQL (a throwaway
 * cluster per run, tests/support/postgres.ts), the database production runs. A suite stays on SQLite
 * only when it is listed here with the reason beside it. Unit and contract suites do not touch the
 * database server and run once.
 */
export const POSTGRES_OPT_OUTS = [
  // Starts `npm start` processes (production build) on one SQLite file: the subject is the processes.
  "tests/integration/client-address-server.test.ts",
  // Crashes a real `npm start` process on a SQLite file and reads it back with better-sqlite3.
  "tests/integration/crash-recovery.test.ts",
  // `npm start`'s own configuration checks and the migration of a SQLite file; no database server.
  "tests/integration/foundation-start.test.ts",
  // `npm start` on a SQLite file holding a received e-mail, with a test key and a live key.
  "tests/integration/mailbox-live-key.test.ts",
  // Readiness against real SQLite files (migrated, empty, half-migrated, unreachable).
  "tests/integration/ready-metrics.test.ts",
  // SQLite-only behaviour: several instances on one SQLite file, the write lock and migrate deploy.
  "tests/integration/sqlite-instances.test.ts",
  // SQLite-only behaviour: transactions begin IMMEDIATE and wait for a write lock held by another thread.
  "tests/integration/sqlite-write-lock.test.ts",
  // Scans the present Next build for secrets; no database at all.
  "tests/integration/bundle-secrets.test.ts",
];

/** Suites that only make sense on PostgreSQL (the PostgreSQL adapter, a fleet on one server). */
const POSTGRES_ONLY = [
  "tests/integration/postgres-*.test.ts",
  "tests/integration/multi-instance.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // "server-only" throws outside a React Server environment; tests run server code directly.
      "server-only": fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Each test process registers the reactions between capabilities, as the server does at start.
    setupFiles: ["tests/support/reactions.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "tests/unit/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/contract/**/*.test.ts",
          ],
          exclude: POSTGRES_ONLY,
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: ["tests/integration/**/*.test.ts"],
          exclude: POSTGRES_OPT_OUTS,
          globalSetup: ["tests/support/postgres.ts"],
        },
      },
      // A fresh clone of the commit under test, `npm start` (next build included): a step of its own
      // in npm test (npm run test:fresh-clone), so the build does not compete with the suites above.
      {
        test: {
          name: "fresh-clone",
          include: ["tests/fresh-clone/**/*.test.ts"],
          environment: "node",
          testTimeout: 12 * 60_000,
          // Removing the clone unlinks a whole node_modules (1.5 GB with Prisma 7 and the 6.19 CLI
          // for migrations): longer than vitest's default 10 s on a busy host.
          hookTimeout: 2 * 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
