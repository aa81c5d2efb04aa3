import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The integration suites for lookups, checkouts, payments, webhooks, links and e-mail, which run a second
 * time on PostgreSQL (a throwaway cluster per run, tests/support/postgres.ts). The rest (pure
 * rules, the sandbox contract, start-up and crash tests) does not depend on the database server.
 */
export const POSTGRES_SUITES = [
  "tests/integration/upstream-routes.test.ts",
  "tests/integration/upstream-payments.test.ts",
  "tests/integration/payment-storm.test.ts",
  "tests/integration/double-payment.test.ts",
  "tests/integration/webhooks-ingest.test.ts",
  "tests/integration/webhooks-delivery.test.ts",
  "tests/integration/webhooks-trust.test.ts",
  "tests/integration/jobs-lease.test.ts",
  "tests/integration/fuzz-routes.test.ts",
  "tests/integration/postgres-*.test.ts",
  "tests/integration/multi-instance.test.ts",
  "tests/integration/workspace-*.test.ts",
  "tests/integration/mail-*.test.ts",
  "tests/integration/payment-receipt.test.ts",
  "tests/integration/payment-outcomes.test.ts",
  "tests/integration/payment-events.test.ts",
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
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"],
          exclude: ["tests/integration/postgres-*.test.ts", "tests/integration/multi-instance.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: POSTGRES_SUITES,
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
          pool: "forks",
        },
      },
    ],
  },
});
