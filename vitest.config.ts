import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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
  "tests/integration/tracing.test.ts",
];

/**
 * Suites that start processes of their own (`npm start`, a fleet, a script killed mid-run). They
 * run after the in-process suites, two files at a time: most of their time is a server starting or
 * a fleet waiting for its background tick, not CPU. The production build they serve is made once
 * before any of them starts (tests/support/build-once.ts): two first starts would otherwise build
 * into one folder at once.
 */
export const SERVER_SUITES = [
  "tests/integration/client-address-server.test.ts",
  "tests/integration/crash-recovery.test.ts",
  "tests/integration/foundation-start.test.ts",
  "tests/integration/mailbox-live-key.test.ts",
  "tests/integration/multi-instance.test.ts",
  "tests/integration/personal-data-rights.test.ts",
  "tests/integration/postgres-fleet.test.ts",
  "tests/integration/postgres-migrations.test.ts",
  "tests/integration/postgres-start.test.ts",
  "tests/integration/privacy-at-rest.test.ts",
  "tests/integration/radar-fleet.test.ts",
  "tests/integration/sqlite-instances.test.ts",
  "tests/integration/tracing.test.ts",
];

/**
 * Suites that bound what they measure in wall time (a 2 s timeout answered within 2.5 s, a paid
 * PIX confirmed within 3 s, the upstream's 5 s wait, a lease that must lapse, a budget spent within
 * its minute, a lock held for a measured time). They run last, after every server has stopped,
 * two files at a time (TIMED_WORKERS): each bound has its margin for a busy machine, and the group
 * passes beside a CPU hog on two cores this way (docs/testing.md).
 */
export const TIMED_SUITES = [
  "tests/integration/instance-crash.test.ts",
  "tests/integration/jobs-lease.test.ts",
  "tests/integration/status-budget.test.ts",
  "tests/integration/workspace-batches.test.ts",
  "tests/integration/payment-storm.test.ts",
  "tests/integration/webhook-flood.test.ts",
  "tests/integration/upstream-fleet-budget.test.ts",
  "tests/integration/payment-events.test.ts",
  "tests/integration/upstream-auth-network.test.ts",
  "tests/integration/upstream-client.test.ts",
  "tests/integration/upstream-payments.test.ts",
  "tests/integration/webhooks-ingest.test.ts",
  "tests/integration/sqlite-write-lock.test.ts",
];

/** Every suite kept out of the in-process projects. */
export const PROCESS_SUITES = [...SERVER_SUITES, ...TIMED_SUITES];

/**
 * The suites that take longest, started first in their group: a group lasts at least as long as
 * its longest file, and one started last keeps a worker busy alone at the end (measured:
 * multi-instance started 50 s into the server group and made it 90 s longer than its share). A
 * clean clone has no timing cache for vitest's own ordering to use.
 */
const LONGEST_FIRST = [
  "tests/integration/multi-instance.test.ts",
  "tests/integration/radar-fleet.test.ts",
  "tests/integration/privacy-at-rest.test.ts",
  "tests/integration/instance-crash.test.ts",
  "tests/integration/workspace-batches.test.ts",
  "tests/integration/fuzz-routes.test.ts",
  "tests/integration/payment-refs.test.ts",
  "tests/integration/pix-renewal.test.ts",
  "tests/integration/payment-outcomes.test.ts",
  "tests/integration/radar-owner.test.ts",
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array sort is stable: the rest keep vitest's order.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Files at once for the timed suites. Measured on the 2-core host, 2026-11-30: one at a time about
 * 230 s; two at a time 155 s beside `node -e "for(;;);"` (twice, no failure).
 */
const TIMED_WORKERS = 2;

/** Files at once for the in-process suites (both databases share the pool). */
const IN_PROCESS_WORKERS = 2;

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
      // npm run test:quick is this project alone: unit, contract and the SQLite suites that start
      // no process.
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "tests/unit/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/contract/**/*.test.ts",
          ],
          exclude: [...POSTGRES_ONLY, ...PROCESS_SUITES],
          maxWorkers: IN_PROCESS_WORKERS,
          sequence: { groupOrder: 0, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...POSTGRES_OPT_OUTS, ...PROCESS_SUITES],
          globalSetup: ["tests/support/postgres.ts"],
          maxWorkers: IN_PROCESS_WORKERS,
          sequence: { groupOrder: 0, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite-processes",
          include: SERVER_SUITES,
          exclude: POSTGRES_ONLY,
          globalSetup: ["tests/support/build-once.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 1, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql-processes",
          include: SERVER_SUITES,
          exclude: POSTGRES_OPT_OUTS,
          globalSetup: ["tests/support/postgres.ts", "tests/support/build-once.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 1, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite-timed",
          include: TIMED_SUITES,
          exclude: POSTGRES_ONLY,
          maxWorkers: TIMED_WORKERS,
          sequence: { groupOrder: 2, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql-timed",
          include: TIMED_SUITES,
          exclude: POSTGRES_OPT_OUTS,
          globalSetup: ["tests/support/postgres.ts"],
          maxWorkers: TIMED_WORKERS,
          sequence: { groupOrder: 2, sequencer: LongestFirst },
        },
      },
      // The production folder (npm run build:dist) run by plain node outside the tree: the first
      // half of npm run test:deploy, a step of .ci/run of its own, outside npm test (docs/deploy.md).
      {
        test: {
          name: "deploy",
          include: ["tests/deploy/dist.test.ts"],
          environment: "node",
          testTimeout: 2 * 60_000,
          hookTimeout: 10 * 60_000,
          pool: "forks",
        },
      },
      // The image and compose.yaml under podman: npm run test:deploy runs it after the project
      // above (npm run test:compose alone; docs/deploy.md). "@" for the pure modules it imports
      // (lib/privacy/cipher); nothing else of the root configuration (no global setup).
      {
        resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
        test: {
          name: "compose",
          include: ["tests/deploy/compose.test.ts"],
          environment: "node",
          testTimeout: 5 * 60_000,
          hookTimeout: 15 * 60_000,
          pool: "forks",
        },
      },
      // A fresh clone of the commit under test, `npm start` (next build included): the first step of
      // npm test (npm run test:fresh-clone), alone, so its build competes with no suite; the rest of
      // the run serves that build when the sources match (tests/fresh-clone/start.test.ts).
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
