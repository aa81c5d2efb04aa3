import { randomUUID } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject, onTestFinished } from "vitest";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  type TestEnvironment,
} from "../support/test-env";
import { freshCheckout, pay, syncLookup } from "../support/storefront-flow";
import { apiRequest, armFault, clearFaults } from "../support/upstream-helpers";

// Readiness against real SQLite files (migrated, empty, half-migrated, unreachable) and the
// metrics page after real traffic through our route handlers and the sandbox over HTTP.

const TOKEN = "metrics-token-for-tests-0123456789";
let env: TestEnvironment;
const scratch = mkdtempSync(path.join(tmpdir(), "ready-"));
const clients: PrismaClient[] = [];

function sqliteClient(file: string): PrismaClient {
  const c = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_LOOKUPS: "1" },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.$disconnect()));
  rmSync(scratch, { recursive: true, force: true });
  await env.close();
});

describe("GET /api/ready", () => {
  it("200 on the migrated database", async () => {
    const { GET } = await import("@/app/api/ready/route");
    const res = await GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true });
  });

  it("NOT_MIGRATED on an empty database, DATABASE_UNREACHABLE when it cannot be opened", async () => {
    const { checkReadiness, migrationsDirFor } = await import("@/lib/health/ready");
    const dir = migrationsDirFor("file:x.db");
    expect(await checkReadiness(sqliteClient(path.join(scratch, "empty.db")), dir)).toEqual({
      ready: false,
      reason: "NOT_MIGRATED",
    });
    expect(
      await checkReadiness(sqliteClient(path.join(scratch, "no-such-dir", "x.db")), dir),
    ).toEqual({ ready: false, reason: "DATABASE_UNREACHABLE" });
  });

  it("MIGRATIONS_PENDING when the code ships a migration the database lacks; MIGRATION_FAILED for one that never finished", async () => {
    const { checkReadiness, migrationsDirFor } = await import("@/lib/health/ready");
    const shipped = path.join(scratch, "migrations");
    cpSync(migrationsDirFor("file:x.db"), shipped, { recursive: true });
    mkdirSync(path.join(shipped, "20991231000000_future"));
    const file = path.join(scratch, "behind.db");
    copyFileSync(inject("templateDb"), file);
    const db = sqliteClient(file);
    expect(await checkReadiness(db, shipped)).toEqual({
      ready: false,
      reason: "MIGRATIONS_PENDING",
      pendingMigrations: 1,
    });
    await db.$executeRawUnsafe(
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, 'x', '20991231000000_future', CURRENT_TIMESTAMP, 0)",
      randomUUID(),
    );
    expect(await checkReadiness(db, shipped)).toEqual({
      ready: false,
      reason: "MIGRATION_FAILED",
      pendingMigrations: 1,
    });
  });
});

async function scrape(authorization?: string) {
  const { GET } = await import("@/app/api/metrics/route");
  return GET(
    new Request("http://localhost:3999/api/metrics", {
      headers: authorization ? { authorization } : {},
    }),
  );
}

/** The value of one series line, e.g. sample(text, 'rate_limit_refusals_total{limit="lookup"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /api/metrics", () => {
  it("401 without a token or with a wrong one, and nothing of the page leaks", async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, "Bearer wrong", `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain("http_requests_total");
    }
  });

  it("after traffic: requests by route pattern, upstream outcomes, refusals, pauses, inbox and payments", async () => {
    const { token } = await freshCheckout(env, "10.7.0.1");
    expect((await pay(token, { attemptId: randomUUID(), method: "pix" })).status).toBe(201);
    await expect(syncLookup("10.7.0.1")).rejects.toThrow(/429/); // RATE_LIMIT_LOOKUPS=1
    const { POST } = await import("@/app/api/installments/route");
    expect(
      (await POST(apiRequest("/api/installments", { body: { amountCents: "x" } }))).status,
    ).toBe(400);
    await armFault(env, {
      path: "/uvvi/v1/installments",
      fault: "rate-limit",
      retryAfter: 30,
      times: 1,
    });
    expect(
      (await POST(apiRequest("/api/installments", { body: { amountCents: 10_000 } }))).status,
    ).toBe(429);
    expect(
      (await POST(apiRequest("/api/installments", { body: { amountCents: 10_001 } }))).status,
    ).toBe(429); // paused: not sent
    await clearFaults(env);
    const { db } = await import("@/lib/db/client");
    await db.webhookEvent.create({
      data: {
        dedupeKey: randomUUID(),
        type: "test",
        payload: "{}",
        receivedAt: new Date(Date.now() - 600_000),
      },
    });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(
        text,
        'http_requests_total{route="POST /api/checkouts/[token]/payments",status="201"}',
      ),
    ).toBe(1);
    expect(sample(text, 'http_requests_total{route="POST /api/installments",status="400"}')).toBe(
      1,
    );
    expect(sample(text, 'http_requests_total{route="POST /api/installments",status="429"}')).toBe(
      2,
    );
    expect(sample(text, 'http_requests_total{route="POST /api/lookups",status="429"}')).toBe(1);
    expect(text).not.toContain(token); // the checkout token is in the path, never in a label
    expect(sample(text, 'upstream_requests_total{operation="payment",outcome="ok"}')).toBe(1);
    expect(
      sample(text, 'upstream_requests_total{operation="installments",outcome="rate_limited"}'),
    ).toBe(1);
    expect(
      sample(text, 'upstream_request_duration_seconds_count{operation="checkout",outcome="ok"}'),
    ).toBe(1);
    expect(sample(text, 'rate_limit_refusals_total{limit="lookup"}')).toBe(1);
    expect(sample(text, 'upstream_pauses_total{operation="installments"}')).toBe(1);
    expect(
      sample(text, 'upstream_budget_refusals_total{operation="installments",reason="paused"}'),
    ).toBe(1);
    expect(sample(text, "webhook_inbox_depth")).toBe(1);
    expect(sample(text, "webhook_inbox_oldest_age_seconds")).toBeGreaterThanOrEqual(600);
    // Every declared queue has its depth gauge (lib/background/queues.ts).
    expect(sample(text, "mail_outbox_depth")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "batch_items_depth")).toBe(0);
    expect(sample(text, "radar_watches_due")).toBe(0);
    expect(sample(text, "radar_scans_depth")).toBe(0);
    expect(sample(text, "delisting_watches_depth")).toBe(0);
    expect(sample(text, "api_webhook_deliveries_depth")).toBe(0);
    expect(text).toMatch(/^payments\{status="[a-z_]+"\} 1$/m);
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("404 when METRICS_TOKEN is not configured, whatever the request carries", async () => {
    onTestFinished(overrideEnvForTests({ METRICS_TOKEN: undefined })); // read per request: no re-import
    for (const auth of [undefined, `Bearer ${TOKEN}`, "Bearer "])
      expect((await scrape(auth)).status).toBe(404);
  });
});
