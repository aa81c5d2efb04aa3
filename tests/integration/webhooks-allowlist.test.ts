import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/lib/security/client-address";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";

// WEBHOOK_IP_ALLOWLIST: only the listed addresses or ranges (IPv4 and IPv6) may deliver. The source
// is the address our server resolved from the socket (CLIENT_IP_HEADER, see lib/server/serve.ts);
// X-Forwarded-For, X-Real-IP and Forwarded are what a client writes and never count.
let t: TestEnvironment;
let POST: typeof import("@/app/api/webhooks/uvvi/[secret]/route").POST;
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  t = await setupTestEnvironment({
    env: { WEBHOOK_IP_ALLOWLIST: "203.0.113.0/24, 198.51.100.9, 2001:db8:5::/48" },
  });
  ({ POST } = await import("@/app/api/webhooks/uvvi/[secret]/route"));
  ({ db } = await import("@/lib/db/client"));
});
afterAll(async () => {
  await t?.close();
});

async function deliverFrom(source: string | null, forged: Record<string, string> = {}) {
  const externalId = randomUUID();
  const headers = new Headers({ "content-type": "application/json", ...forged });
  if (source !== null) headers.set(CLIENT_IP_HEADER, source);
  const body = JSON.stringify({ type: "SomethingNew", transactionId: 1, externalId });
  const res = await POST(
    new Request(`http://localhost/api/webhooks/uvvi/${TEST_WEBHOOK_SECRET}`, {
      method: "POST",
      headers,
      body,
    }),
    {
      params: Promise.resolve({ secret: TEST_WEBHOOK_SECRET }),
    },
  );
  const stored = await db.webhookEvent.count({ where: { externalId } });
  return { status: res.status, stored };
}

describe("webhook source-IP allowlist", () => {
  it("accepts an address inside a listed IPv4 range, a listed address, and its IPv4-mapped IPv6 form", async () => {
    expect(await deliverFrom("203.0.113.77")).toEqual({ status: 200, stored: 1 });
    expect(await deliverFrom("198.51.100.9")).toEqual({ status: 200, stored: 1 });
    expect(await deliverFrom("::ffff:203.0.113.1")).toEqual({ status: 200, stored: 1 });
  });

  it("accepts an IPv6 address inside a listed IPv6 range, in any spelling", async () => {
    expect(await deliverFrom("2001:db8:5:ffff::1")).toEqual({ status: 200, stored: 1 });
    expect(await deliverFrom("2001:DB8:0005:0:0:0:0:9")).toEqual({ status: 200, stored: 1 });
  });

  it("refuses other sources: next range, other IPv6 prefix, the neighbour of a single address", async () => {
    expect(await deliverFrom("203.0.114.1")).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom("198.51.100.10")).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom("2001:db8:6::1")).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom("::ffff:203.0.114.1")).toEqual({ status: 403, stored: 0 });
  });

  it("ignores listed addresses in X-Forwarded-For, X-Real-IP and Forwarded, and refuses a request without a resolved source", async () => {
    const forged = {
      "x-forwarded-for": "203.0.113.5, 198.51.100.9",
      "x-real-ip": "198.51.100.9",
      forwarded: "for=198.51.100.9",
    };
    expect(await deliverFrom("10.0.0.1", forged)).toEqual({ status: 403, stored: 0 });
    expect(await deliverFrom(null, forged)).toEqual({ status: 403, stored: 0 });
  });
});
