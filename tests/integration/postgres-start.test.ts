import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../support/postgres";

// "postgresql" project only: npm start against a PostgreSQL that is down, refuses us, or is not
// migrated. Each is one line naming DATABASE_URL and what to do, never a stack trace.

const pgTemplate = inject("pgTemplate")!;
const withDatabase = (name: string) => {
  const url = new URL(pgTemplate.adminUrl);
  url.pathname = `/${name}`;
  return url;
};

function start(databaseUrl: string) {
  return spawnSync("npx", ["tsx", "scripts/start.ts"], {
    env: { ...process.env, UVVI_BASE_URL: "", UVVI_API_KEY: "", DATABASE_URL: databaseUrl },
    encoding: "utf8",
    timeout: 90_000,
  });
}

function expectOneClearLine(result: ReturnType<typeof start>, pattern: RegExp) {
  expect(result.status, result.stderr).toBe(1);
  // npx may print its own "npm warn" lines about the machine's npm config: not ours.
  const message = result.stderr
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("npm warn"))
    .join("\n");
  expect(message).toMatch(pattern);
  expect(message).toMatch(/^\[start\] DATABASE_URL: /);
  expect(message.split("\n")).toHaveLength(1);
  expect(message).not.toContain("secret-pw"); // the password never reaches the output
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe("npm start on PostgreSQL refuses, in one line", () => {
  it("an unreachable server", async () => {
    const port = await closedPort();
    expectOneClearLine(
      start(`postgresql://app:secret-pw@127.0.0.1:${port}/placa`),
      /cannot reach the PostgreSQL server at 127\.0\.0\.1:\d+\/placa \(ECONNREFUSED\)/,
    );
  }, 120_000);

  it("wrong credentials", () => {
    const url = withDatabase(pgTemplate.template);
    url.username = "intruder";
    url.password = "secret-pw";
    expectOneClearLine(
      start(url.toString()),
      /refused user "intruder" \(wrong user name or password\)/,
    );
  }, 120_000);

  it("a database that does not exist", () => {
    expectOneClearLine(
      start(withDatabase("no_such_db").toString()),
      /does not exist\. Create it \(createdb\), then run: npm run db:migrate/,
    );
  }, 120_000);

  it("an unmigrated schema, and says which command to run; after it, the check passes", async () => {
    const admin = new pg.Client({ connectionString: pgTemplate.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE empty_start_check`);
    await admin.end();
    const url = withDatabase("empty_start_check").toString();
    expectOneClearLine(
      start(url),
      /is not migrated \(\d+ pending: \d{14}_init[^)]*\)\. Run: npm run db:migrate/,
    );

    const migrate = spawnSync("npx", ["tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/applied \d+: \d{14}_init/);
    const again = spawnSync("npx", ["tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(again.stdout).toMatch(/no pending migrations/);
  }, 180_000);

  it("a migrated copy passes the database checks (the same query the start script runs)", async () => {
    const url = await createTestDatabase(
      pgTemplate.adminUrl,
      pgTemplate.template,
      "migrated_start_check",
    );
    const { pendingMigrations } = await import("../../scripts/lib/database-check");
    expect(await pendingMigrations("postgresql", url)).toEqual([]);
  });
});
