import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestEnvironment, TEST_WEBHOOK_SECRET, type TestEnvironment } from "../support/test-env";

// WEBHOOK_IP_ALLOWLIST: only the listed addresses (or IPv4 ranges) may deliver; the first hop of
// X-Forwarded-For is the source (README, docs/webhooks.md: behind a proxy that overwrites it).
let t: TestEnvironment;
let POST: typeof import("@/app/api/webhooks/uvvi/[secret]/route").POST;
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  t = await setupTestEnvironment();
  process.env.WEBHOOK_IP_ALLOWLIST = "203.0.113.0/24, 198.51.100.9";
  ({ POST } = await import("@/app/api/webhooks/uvvi/[secret]/route"));
  ({ db } = await import("@/lib/db/client"));
});
afterAll(async () => {
  delete process.env.WEBHOOK_IP_ALLOWLIST;
  await t?.close();
});

async function deliverFrom(forwardedFor: string | null) {
  const externalId = randomUUID();
  const headers = new Headers({ "content-type": "application/json" });
  if (forwardedFor !== null) headers.set("x-forwarded-for", forwardedFor);
  const body = JSON.stringify({ type: "SomethingNew", transactionId: 1, externalId });
  const res = await POST(new Request(`http://localhost/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, { method: "POST", headers, body }), {
    params: Promise.resolve({ secret: TEST_WEBHOOK_SECRET }),
  });
  const stored = await db.webhookEvent.count({ where: { externalId } });
  return { status: res.status, stored };
}

describe("webhook source-IP allowlist", () => {
  it("accepts an address inside a listed range and a listed address", async () => {
    expect(await deliverFrom("203.0.113.77")).toEqual({ status: 200, stored: 1 });
    expect(await deliverFrom("198.51.100.9, 10.0.0.1")).toEqual({ status: 200, stored: 1 });
  });

  it("refuses any other source, a forged later hop, and a missing header, storing nothing", async () => {
    expect(await deliverFrom("203.0.114.1")).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom("10.0.0.1, 198.51.100.9")).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom(null)).toEqual({ status: 403, stored: 0 });
  });
});
