import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrateCli } from "@/scripts/lib/migrate-cli";

// Several instances on one host share one SQLite file. A running instance keeps the file open,
// and `prisma migrate deploy` then dies at once (WASM_ERROR ... SocketTimeout): a second
// `npm start` must not run it when nothing is pending, and a real deploy must wait for the lock.

const MIGRATIONS = readdirSync("prisma/migrations").filter((d) => /^\d{14}_/.test(d)).length;
const env = (file: string) => ({ ...process.env, DATABASE_URL: `file:${file}` });
const migrate = (file: string) =>
  spawnSync("npx", ["tsx", "scripts/migrate.ts"], {
    env: env(file),
    encoding: "utf8",
    timeout: 90_000,
  });
const freshFile = () => path.join(mkdtempSync(path.join(tmpdir(), "instances-")), "shared.db");

/** What a running storefront does to the file: WAL mode, an open connection that has read. */
function runningInstance(file: string) {
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  conn.prepare("SELECT count(*) FROM sqlite_master").get();
  return conn;
}

const appliedCount = (file: string) => {
  const conn = new Database(file, { readonly: true });
  const row = conn
    .prepare("SELECT COUNT(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL")
    .get() as { n: number };
  conn.close();
  return row.n;
};

describe("one SQLite file, several processes", () => {
  it("the Prisma CLI alone fails while another process has the file open (the reason for the check below)", () => {
    const file = freshFile();
    expect(migrate(file).status).toBe(0);
    const first = runningInstance(file);
    try {
      const raw = spawnSync(...migrateCli(["migrate", "deploy"]), {
        env: env(file),
        encoding: "utf8",
        timeout: 90_000,
      });
      expect(raw.status).not.toBe(0);
      expect(`${raw.stdout}${raw.stderr}`).toMatch(/SocketTimeout/);
    } finally {
      first.close();
    }
  }, 120_000);

  it("npm run db:migrate with nothing pending is a no-op while an instance runs, and touches nothing", () => {
    const file = freshFile();
    expect(migrate(file).stdout).toMatch(new RegExp(`applied ${MIGRATIONS}: `));
    const first = runningInstance(file);
    try {
      for (let i = 0; i < 2; i++) {
        const again = migrate(file);
        expect(again.status, again.stderr).toBe(0);
        expect(again.stdout).toMatch(/no pending migrations/);
      }
    } finally {
      first.close();
    }
    expect(appliedCount(file)).toBe(MIGRATIONS);
  }, 120_000);

  it("a pending migration waits for the lock instead of dying, and is applied once it is free", async () => {
    const file = freshFile();
    const holder = runningInstance(file);
    const child = spawn("npx", ["tsx", "scripts/migrate.ts"], { env: env(file) });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await new Promise((r) => setTimeout(r, 6_000));
    expect(child.exitCode, out).toBeNull(); // still waiting, not dead
    holder.close();
    expect(await exit, out).toBe(0);
    expect(out).toMatch(new RegExp(`applied ${MIGRATIONS}: \\d{14}_init`));
    expect(out).not.toMatch(/WASM_ERROR|\n\s+at /);
    expect(appliedCount(file)).toBe(MIGRATIONS);
  }, 120_000);
});
