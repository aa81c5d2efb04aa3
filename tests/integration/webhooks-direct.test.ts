import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/lib/security/client-address";
import {
  setupTestEnvironment,
  TEST_WEBHOOK_SECRET,
  type TestEnvironment,
} from "../support/test-env";
import { seedLookup } from "../support/webhook-fixtures";
import {
  startDirectReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../support/webhook-receiver";

// Our server answers webhook deliveries itself, without Next (lib/server/direct-routes.ts). Over
// real HTTP, the direct route gives every answer the Next route gives (status, body, the security
// headers), stores and applies what it acknowledges, and only what it registered reaches it.
let t: TestEnvironment;
let viaNext: WebhookReceiver;
let direct: { url: string; close(): Promise<void> };
let db: typeof import("@/lib/db/client").db;
let idle: () => Promise<void>;

beforeAll(async () => {
  t = await setupTestEnvironment({ env: { WEBHOOK_IP_ALLOWLIST: "127.0.0.1" } });
  ({ db } = await import("@/lib/db/client"));
  const { webhookDispatcher } = await import("@/lib/webhooks/dispatch");
  idle = () => webhookDispatcher.idle();
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  viaNext = await startWebhookReceiver(POST);
  direct = await startDirectReceiver((req) => req.headers["x-test-source"] as string);
});
afterAll(async () => {
  await direct?.close();
  await viaNext?.close();
  await t?.close();
});

const post = (base: string, body: string, opts: { secret?: string; source?: string } = {}) =>
  fetch(`${base}/api/webhooks/uvvi/${encodeURIComponent(opts.secret ?? TEST_WEBHOOK_SECRET)}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-test-source": opts.source ?? "127.0.0.1",
      [CLIENT_IP_HEADER]: opts.source ?? "127.0.0.1",
    },
    body,
  });

async function answer(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as unknown,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
  };
}

const notFound = (externalId = randomUUID()) =>
  JSON.stringify({ type: "VehicleNotFound", transactionId: 7, externalId });

describe("the direct webhook route", () => {
  it("answers as the Next route does: stored, duplicate, unknown type, malformed, too large, wrong secret, source not allowed", async () => {
    const cases: { body: () => string; secret?: string; source?: string }[] = [
      { body: () => notFound() },
      {
        body: () =>
          JSON.stringify({ type: "SomethingNew", transactionId: 1, externalId: randomUUID() }),
      },
      { body: () => "{not json" },
      {
        body: () =>
          JSON.stringify({
            type: "debts",
            transactionId: 1,
            externalId: "x",
            debts: [{ id: "d", amount: "12,00" }],
          }),
      },
      { body: () => `"${"x".repeat(1_000_001)}"` },
      { body: () => notFound(), secret: "not-the-secret" },
      { body: () => notFound(), source: "203.0.113.9" },
    ];
    for (const c of cases) {
      const [next, ours] = [
        await answer(await post(viaNext.url, c.body(), c)),
        await answer(await post(direct.url, c.body(), c)),
      ];
      expect(ours).toEqual(next);
    }
    const duplicate = notFound();
    await post(direct.url, duplicate);
    expect(await answer(await post(direct.url, duplicate))).toMatchObject({
      status: 200,
      body: { received: true, duplicate: true },
    });
  });

  it("sends the security headers every answer of the app gets", async () => {
    const res = await post(direct.url, notFound());
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("stores each delivery once and applies it after answering", async () => {
    const lookup = await seedLookup(db);
    const body = JSON.stringify({
      type: "VehicleNotFound",
      transactionId: Number(lookup.transactionId),
      externalId: lookup.externalId,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(direct.url, body).then((r) => r.status)),
    );
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    await idle();
    expect(await db.webhookEvent.count({ where: { externalId: lookup.externalId } })).toBe(1);
    expect(
      await db.webhookEvent.findFirst({
        where: { externalId: lookup.externalId },
        select: { outcome: true },
      }),
    ).toEqual({ outcome: "applied" });
    expect(
      await db.lookup.findUnique({ where: { id: lookup.id }, select: { status: true } }),
    ).toEqual({ status: "not_found" });
  });

  it("stores nothing from a sender that hangs up mid-body, and keeps answering", async () => {
    const externalId = randomUUID();
    const body = notFound(externalId);
    const { port } = new URL(direct.url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      `POST /api/webhooks/uvvi/${TEST_WEBHOOK_SECRET} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length + 10}\r\n\r\n${body}`,
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(await db.webhookEvent.count({ where: { externalId } })).toBe(0);
    expect((await post(direct.url, notFound())).status).toBe(200);
  });

  it("takes only its own method and path; the rest stays Next's", async () => {
    const { directRouteFor } = await import("@/lib/server/direct-routes");
    expect(directRouteFor("POST", "/api/webhooks/uvvi/s3cret?x=1")?.segment).toBe("s3cret");
    expect(directRouteFor("POST", "/api/webhooks/uvvi/a%20b")?.segment).toBe("a b");
    for (const [method, url] of [
      ["GET", "/api/webhooks/uvvi/s3cret"],
      ["POST", "/api/webhooks/uvvi/"],
      ["POST", "/api/webhooks/uvvi/a/b"],
      ["POST", "/api/webhooks/uvvi/%FF"],
      ["POST", "/api/ping"],
    ] as const) {
      expect(directRouteFor(method, url)).toBeUndefined();
    }
  });
});
