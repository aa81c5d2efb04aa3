import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/lib/security/client-address";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { freshCheckout, json, pay } from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";
import { startDirectReceiver } from "../support/webhook-receiver";

// Our server answers status polls itself, without Next (lib/server/direct-routes.ts). Over real
// HTTP, the direct route gives every answer the Next route gives (status, body, headers), counts
// guessed references against the same client, and takes only its own method and path.

const MISSES = 4;
let env: TestEnvironment;
let direct: { url: string; close(): Promise<void> };

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 0.01 },
    env: {
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_LOOKUPS: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
      RATE_LIMIT_PAYMENT_REF_MISSES: String(MISSES),
      LOG_LEVEL: "error",
    },
  });
  const { registerDirectRoute } = await import("@/lib/server/direct-routes");
  const { paymentStatusDirectRoute } = await import("@/lib/payments/direct-route");
  const { paymentStatusView } = await import("@/lib/delisting/payment-status");
  registerDirectRoute(paymentStatusDirectRoute(paymentStatusView));
  // The client's address as lib/server/serve.ts would set it from the socket: here from a test header.
  direct = await startDirectReceiver(
    (req) => (req.headers["x-test-source"] as string | undefined) ?? "127.0.0.1",
  );
});
afterAll(async () => {
  await direct?.close();
  await env?.close();
});

const guess = () => randomBytes(24).toString("base64url");

async function pixPayment() {
  const { token } = await freshCheckout(env);
  const attemptId = crypto.randomUUID();
  const view = await json<{ ref: string }>(await pay(token, { attemptId, method: "pix" }));
  const { db } = await import("@/lib/db/client");
  const row = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
  return { ref: view.ref, rowId: row.id };
}

const viaDirect = (ref: string, source: string, headers: Record<string, string> = {}) =>
  fetch(`${direct.url}/api/payments/${encodeURIComponent(ref)}`, {
    headers: { "x-test-source": source, ...headers },
  });

async function viaNext(ref: string, ip: string) {
  const { GET } = await import("@/app/api/payments/[paymentRef]/route");
  return GET(
    apiRequest(`/api/payments/${encodeURIComponent(ref)}`, { method: "GET", ip }),
    params({ paymentRef: ref }),
  );
}

async function answer(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as unknown,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    retryAfter: res.headers.get("retry-after") !== null,
  };
}

describe("the direct status-poll route", () => {
  it("answers as the Next route does: a payment, an unknown reference, an old row-id address, garbage", async () => {
    const { ref, rowId } = await pixPayment();
    // Each case from its own client, the same one for both routes: two misses, never near the limit.
    const cases = [ref, guess(), rowId, "not a ref", "%"].map(
      (r, i) => [r, `10.40.0.${i + 1}`] as const,
    );
    for (const [r, ip] of cases) {
      const next = await answer(await viaNext(r, ip));
      const ours = await answer(await viaDirect(r, ip));
      expect(ours, r).toEqual(next);
    }
    expect((await answer(await viaDirect(ref, "10.40.0.9"))).body).toMatchObject({
      ref,
      status: expect.any(String),
    });
  });

  it("sends the security headers the app's answers get, and a request id (the caller's when it looks like one)", async () => {
    const { ref } = await pixPayment();
    const res = await viaDirect(ref, "10.41.0.1", { "x-request-id": "poll-1234567890" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-request-id")).toBe("poll-1234567890");
    const other = await viaDirect(ref, "10.41.0.1", { "x-request-id": "bad id <script>" });
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it(`stops a client guessing references after ${MISSES} misses (429, retry-after), whatever forwarding headers it forges; its real reference and other clients still answer`, async () => {
    const { ref } = await pixPayment();
    const ip = "10.42.0.1";
    for (let i = 0; i < 5; i++) expect((await viaDirect(ref, ip)).status).toBe(200); // hits are free
    for (let i = 0; i < MISSES; i++) expect((await viaDirect(guess(), ip)).status).toBe(404);
    // Including the header our server keeps the socket's address in: it is overwritten, as serve.ts does.
    const forged = {
      "x-forwarded-for": "203.0.113.7",
      "x-real-ip": "203.0.113.8",
      forwarded: "for=203.0.113.9",
      [CLIENT_IP_HEADER]: "203.0.113.10",
    };
    const limited = await viaDirect(guess(), ip, forged);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    expect((await viaDirect(ref, ip, forged)).status).toBe(200);
    expect((await viaDirect(guess(), "10.42.0.2")).status).toBe(404);
  });

  it("takes only GET /api/payments/{ref}; the receipt, the PIX renewal and creating a payment stay Next's", async () => {
    const { directRouteFor } = await import("@/lib/server/direct-routes");
    expect(directRouteFor("GET", "/api/payments/abc?x=1")?.segment).toBe("abc");
    for (const [method, url] of [
      ["POST", "/api/payments/abc"],
      ["GET", "/api/payments"],
      ["POST", "/api/payments"],
      ["GET", "/api/payments/"],
      ["GET", "/api/payments/abc/comprovante"],
      ["POST", "/api/payments/abc/pix/renew"],
      ["GET", "/api/payments/%FF"],
      ["HEAD", "/api/payments/abc"],
    ] as const) {
      expect(directRouteFor(method, url), `${method} ${url}`).toBeUndefined();
    }
  });
});
