import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { Db } from "@/lib/db/create-client";
import { startDevSmtp, type DevSmtp } from "@/lib/mail/dev-smtp/server";
import type { SandboxOptions } from "@/lib/sandbox/context";
import { startSandbox } from "@/lib/sandbox/server";
import { createTestDatabase } from "./postgres";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "./test-keys";

export { TEST_API_KEY, TEST_WEBHOOK_SECRET };

export type TestEnvironment = {
  databaseUrl: string;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  /** The test's own SMTP server (the embedded one `npm start` runs), storing into this database. */
  smtp: DevSmtp;
  close(): Promise<void>;
};

/** The "postgresql" vitest project runs the same suites on PostgreSQL (tests/support/postgres.ts). */
export const testDatabaseProvider = (): "sqlite" | "postgresql" => (inject("pgTemplate") ? "postgresql" : "sqlite");

/**
 * The test's SMTP server stores through the app's own database client, imported when the first
 * message arrives (lib/env is final by then). A second SQLite connection in this process would
 * wait for the app's open transactions with SQLite's blocking busy-wait, which freezes the event
 * loop those transactions need to finish (up to the 5 s busy timeout); the app's client queues
 * behind its own transactions without blocking. (`npm start` runs the server in its own process.)
 */
const appDbForMail = {
  receivedMail: {
    upsert: async (args: Parameters<Db["receivedMail"]["upsert"]>[0]) => (await import("@/lib/db/client")).db.receivedMail.upsert(args),
  },
} as unknown as Db;

/** The embedded test SMTP server on `port` (0: a free one), as setupTestEnvironment starts it. */
export function startTestSmtp(port = 0): Promise<DevSmtp> {
  // A delivery caught mid-session at the end of a test must not hold close() for the default 30 s.
  return startDevSmtp(appDbForMail, port, { closeTimeout: 1_000 });
}

async function freshDatabaseUrl(): Promise<string> {
  const pgTemplate = inject("pgTemplate");
  if (pgTemplate) return createTestDatabase(pgTemplate.adminUrl, pgTemplate.template, `test_${randomUUID().replace(/-/g, "")}`);
  const file = path.resolve(`data/test/${randomUUID()}.db`);
  copyFileSync(inject("templateDb"), file);
  return `file:${file}`;
}

/**
 * A fresh database (an SQLite file copied from the migrated template, or a PostgreSQL database
 * made from the template in the "postgresql" project) and a real sandbox over HTTP, wired into
 * process.env BEFORE the storefront modules are imported (lib/env reads it once). Import server
 * modules with `await import(...)` after calling this.
 *
 * Every payment that turns paid queues an e-mail, and the outbox worker delivers it at once. So
 * each test gets a real SMTP server of its own (the embedded test server on a free port, storing
 * into the test's database) rather than the default 127.0.0.1:2525, where nothing listens (refused
 * connections logged as errors) or another `npm start` on this host does (our mail in its
 * database): the worker delivers as in production, and a failure here is a real one, not noise.
 */
export async function setupTestEnvironment(sandboxOptions: Partial<SandboxOptions> = {}): Promise<TestEnvironment> {
  const databaseUrl = await freshDatabaseUrl();
  const sandbox = await startSandbox({ port: 0, apiKeys: [TEST_API_KEY], latencyScale: 0, timeScale: 0.0001, ...sandboxOptions });
  const smtp = await startTestSmtp();
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    UVVI_BASE_URL: sandbox.url,
    UVVI_API_KEY: TEST_API_KEY,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PUBLIC_BASE_URL: "http://localhost:3999",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: "silent",
  });
  return {
    databaseUrl,
    sandbox,
    smtp,
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
