import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { childProcessEnv, overrideEnvForTests } from "@/lib/env/load";
import { startDevSmtp, type DevSmtp } from "@/lib/mail/dev-smtp/server";
import type { SandboxOptions } from "@/lib/sandbox/context";
import { startSandbox } from "@/lib/sandbox/server";
import { createTestDatabase } from "./postgres";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "./test-keys";

export { TEST_API_KEY, TEST_WEBHOOK_SECRET };
/** Another configuration for one test, or variables known only later (a proxy's URL); see docs/testing.md. */
export { overrideEnvForTests };

/** Configuration variables as a test states them; undefined unsets one. */
export type EnvVars = Record<string, string | undefined>;

export type TestEnvironmentOptions = {
  /** The in-process sandbox's options (time scale, faults' timings...). */
  sandbox?: Partial<SandboxOptions>;
  /** This file's variables on top of the test configuration (raised rate limits, log level...). */
  env?: EnvVars;
};

export type TestEnvironment = {
  databaseUrl: string;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  /** The test's own SMTP server (the embedded one `npm start` runs), storing into this database. */
  smtp: DevSmtp;
  /** Variables for a child process that runs with this test's configuration, plus `extra`. */
  childEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  close(): Promise<void>;
};

/** The "postgresql" vitest project runs the same suites on PostgreSQL (tests/support/postgres.ts). */
export const testDatabaseProvider = (): "sqlite" | "postgresql" =>
  inject("pgTemplate") ? "postgresql" : "sqlite";

/**
 * The test's SMTP server stores through the app's own database client, imported when the first
 * message arrives (lib/env is final by then). A second SQLite connection in this process would
 * wait for the app's open transactions with SQLite's blocking busy-wait, which freezes the event
 * loop those transactions need to finish (up to the 5 s busy timeout); the app's client queues
 * behind its own transactions without blocking. (`npm start` runs the server in its own process.)
 */
const appDbForMail = {
  receivedMail: {
    upsert: async (args: Parameters<Db["receivedMail"]["upsert"]>[0]) =>
      (await import("@/lib/db/client")).db.receivedMail.upsert(args),
  },
} as unknown as Db;

/** The embedded test SMTP server on `port` (0: a free one), as setupTestEnvironment starts it. */
export function startTestSmtp(port = 0): Promise<DevSmtp> {
  // A delivery caught mid-session at the end of a test must not hold close() for the default 30 s.
  return startDevSmtp(appDbForMail, port, { closeTimeout: 1_000 });
}

async function freshDatabaseUrl(): Promise<string> {
  const pgTemplate = inject("pgTemplate");
  if (pgTemplate)
    return createTestDatabase(
      pgTemplate.adminUrl,
      pgTemplate.template,
      `test_${randomUUID().replace(/-/g, "")}`,
    );
  const file = path.resolve(`data/test/${randomUUID()}.db`);
  copyFileSync(inject("templateDb"), file);
  return `file:${file}`;
}

/**
 * A fresh database (an SQLite file copied from the migrated template, or a PostgreSQL database
 * made from the template in the "postgresql" project) and a real sandbox over HTTP, given to the
 * app as its configuration with `options.env` on top (overrideEnvForTests: process.env is never
 * written). Modules that compute from env at import (the database client, the logger) must load
 * after this, so import server modules with `await import(...)` after calling it.
 *
 * Every payment that turns paid queues an e-mail, and the outbox worker delivers it at once. So
 * each test gets a real SMTP server of its own (the embedded test server on a free port, storing
 * into the test's database) rather than the default 127.0.0.1:2525, where nothing listens (refused
 * connections logged as errors) or another `npm start` on this host does (our mail in its
 * database): the worker delivers as in production, and a failure here is a real one, not noise.
 */
export async function setupTestEnvironment(
  options: TestEnvironmentOptions = {},
): Promise<TestEnvironment> {
  const databaseUrl = await freshDatabaseUrl();
  const sandbox = await startSandbox({
    port: 0,
    apiKeys: [TEST_API_KEY],
    latencyScale: 0,
    timeScale: 0.0001,
    ...options.sandbox,
  });
  const smtp = await startTestSmtp();
  overrideEnvForTests({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    UVVI_BASE_URL: sandbox.url,
    UVVI_API_KEY: TEST_API_KEY,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PUBLIC_BASE_URL: "http://localhost:3999",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  return {
    databaseUrl,
    sandbox,
    smtp,
    childEnv: (extra = {}) => childProcessEnv(extra),
    close: async () => {
      // A delivery the test's last payment started finishes before its server stops: a refused
      // connection then would be noise. Bounded, so a stuck worker cannot hold the test.
      const { outboxIdle } = await import("@/lib/mail/worker");
      await Promise.race([outboxIdle(), new Promise((r) => setTimeout(r, 5_000).unref())]);
      await smtp.close();
      await sandbox.close();
    },
  };
}
