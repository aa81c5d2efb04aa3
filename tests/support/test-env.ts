import { randomUUID } from "node:crypto";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { SandboxOptions } from "@/lib/sandbox/context";
import { startSandbox } from "@/lib/sandbox/server";
import { createTestDatabase } from "./postgres";
import { TEST_API_KEY, TEST_WEBHOOK_SECRET } from "./test-keys";

export { TEST_API_KEY, TEST_WEBHOOK_SECRET };

export type TestEnvironment = {
  databaseUrl: string;
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  close(): Promise<void>;
};

/** The "postgresql" vitest project runs the same suites on PostgreSQL (tests/support/postgres.ts). */
export const testDatabaseProvider = (): "sqlite" | "postgresql" => (inject("pgTemplate") ? "postgresql" : "sqlite");

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
 */
export async function setupTestEnvironment(sandboxOptions: Partial<SandboxOptions> = {}): Promise<TestEnvironment> {
  const databaseUrl = await freshDatabaseUrl();
  const sandbox = await startSandbox({ port: 0, apiKeys: [TEST_API_KEY], latencyScale: 0, timeScale: 0.0001, ...sandboxOptions });
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    UVVI_BASE_URL: sandbox.url,
    UVVI_API_KEY: TEST_API_KEY,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PUBLIC_BASE_URL: "http://localhost:3999",
    LOG_LEVEL: "silent",
  });
  return {
    databaseUrl,
    sandbox,
    close: () => sandbox.close(),
  };
}
