import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrateCli } from "@/scripts/lib/migrate-cli";

// The start command must refuse a dangerous configuration before it touches anything.
function start(env: Record<string, string>) {
  return spawnSync("npx", ["tsx", "scripts/start.ts"], {
    env: { ...process.env, UVVI_BASE_URL: "", UVVI_API_KEY: "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm start configuration checks", () => {
  it("exits non-zero with a clear message for a live key and the embedded sandbox", () => {
    const result = start({ UVVI_API_KEY: "sk_live_0123456789" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/production key \(sk_live_\).*UVVI_BASE_URL/);
  });

  it("exits non-zero for a malformed key", () => {
    const result = start({ UVVI_API_KEY: "not-a-key" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/UVVI_API_KEY must start with sk_test_ or sk_live_/);
  });

  it("exits non-zero for a DATABASE_URL of another scheme, naming the variable and the accepted ones", () => {
    const result = start({ DATABASE_URL: "mysql://db.example/placa" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /DATABASE_URL must start with file: \(SQLite\) or postgres:\/\/ \/ postgresql:\/\/ \(PostgreSQL\)/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits non-zero for a live key over http", () => {
    const result = start({
      UVVI_API_KEY: "sk_live_0123456789",
      UVVI_BASE_URL: "http://upstream.example",
      WEBHOOK_SECRET: "s".repeat(40),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/https:\/\//);
  });

  it("exits non-zero for a live key without SMTP settings (no embedded mail server in production)", () => {
    const live = {
      UVVI_API_KEY: "sk_live_0123456789",
      UVVI_BASE_URL: "https://upstream.example",
      WEBHOOK_SECRET: "s".repeat(40),
      COMPANY_NAME: "Empresa X",
      COMPANY_CNPJ: "11222333000181",
      SMTP_URL: "",
    };
    const result = start(live);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SMTP_URL is required with a production key/);
  });
});

describe("migrations", () => {
  it("apply on an empty database and again on an up-to-date one", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "migrate-")), "db.sqlite");
    const deploy = () =>
      execFileSync(...migrateCli(["migrate", "deploy"]), {
        env: { ...process.env, DATABASE_URL: `file:${file}` },
        encoding: "utf8",
      });
    expect(deploy()).toMatch(/successfully applied/);
    expect(deploy()).toMatch(/No pending migrations/);
    const sqlite = new Database(file, { readonly: true });
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    const applied = sqlite
      .prepare("SELECT COUNT(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL")
      .get() as { n: number };
    sqlite.close();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "Lookup",
        "LookupDebt",
        "Checkout",
        "CheckoutDebt",
        "Payment",
        "PaymentDebt",
        "PaymentEvent",
        "WebhookEvent",
      ]),
    );
    expect(applied.n).toBeGreaterThan(0);
  }, 60_000);
});
