import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import {
  CUSTOMER,
  freshCheckout,
  json,
  pay,
  resetSandbox,
  syncLookup,
} from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";

// Payments are addressed only by their public reference (192 random bits). The row id (a cuid,
// ~41 random bits) used to be the address: it now answers "replaced" with nothing about the
// payment, and guessing (unknown or old references) is limited per client.

const MISSES = 6;
type View = {
  ref: string;
  status: string;
  checkoutToken?: string;
  latestPayment?: { ref: string };
};
let env: TestEnvironment;

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
});
afterAll(() => env.close());

async function read(ref: string, ip: string, headers: Record<string, string> = {}) {
  const { GET } = await import("@/app/api/payments/[paymentRef]/route");
  return GET(
    apiRequest(`/api/payments/${encodeURIComponent(ref)}`, { method: "GET", ip, headers }),
    params({ paymentRef: ref }),
  );
}

async function pixPayment() {
  const { token } = await freshCheckout(env);
  const attemptId = crypto.randomUUID();
  const view = await json<View>(await pay(token, { attemptId, method: "pix" }));
  const { db } = await import("@/lib/db/client");
  const row = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
  return { token, view, row };
}

describe("payment public reference", () => {
  it("is 32 base64url characters (24 random bytes), stored on the row, never the row id", async () => {
    const { view, row } = await pixPayment();
    expect(view.ref).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(view.ref).toBe(row.publicRef);
    expect(view.ref).not.toBe(row.id);
    const res = await read(view.ref, "10.1.0.1");
    expect(res.status).toBe(200);
    expect((await json<View>(res)).ref).toBe(view.ref);
  });

  it("the old row-id address answers 410 'link replaced' with no payment data and no share token", async () => {
    const { row, token } = await pixPayment();
    const res = await read(row.id, "10.1.0.2");
    expect(res.status).toBe(410);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      error: { code: "PAYMENT_LINK_REPLACED", message: expect.stringMatching(/substituído/) },
    });
    expect(body).not.toContain(token);
    expect(body).not.toContain(row.externalId);
  });

  it("a row made before publicRef existed gets one on its first read through the checkout (a capability itself); its old address stays replaced", async () => {
    const { row, token } = await pixPayment();
    const { db } = await import("@/lib/db/client");
    await db.payment.update({ where: { id: row.id }, data: { publicRef: null } });
    expect((await read(row.id, "10.1.0.3")).status).toBe(410);
    const { GET } = await import("@/app/api/checkouts/[token]/route");
    // Two first reads at once agree on one reference.
    const views = await Promise.all(
      [1, 2].map(async () =>
        json<View>(
          await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
        ),
      ),
    );
    const refs = new Set(views.map((v) => v.latestPayment?.ref));
    expect(refs.size).toBe(1);
    const ref = [...refs][0]!;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await db.payment.findUniqueOrThrow({ where: { id: row.id } })).publicRef).toBe(ref);
    expect((await read(ref, "10.1.0.3")).status).toBe(200);
  });

  it(`counts only misses: after ${MISSES} unknown or replaced references a client gets 429, while its real reference still answers and others are not affected`, async () => {
    const { view, row } = await pixPayment();
    const ip = "10.2.0.1";
    for (let i = 0; i < 20; i++) expect((await read(view.ref, ip)).status).toBe(200); // hits are free
    const guesses = [
      row.id,
      ...Array.from({ length: MISSES - 1 }, () =>
        Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url"),
      ),
    ];
    for (const g of guesses) expect([404, 410]).toContain((await read(g, ip)).status);
    const limited = await read(
      Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url"),
      ip,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await json<{ error: { code: string } }>(limited)).error.code).toBe("RATE_LIMITED");
    // Forged forwarding headers do not buy a new bucket: the key is the socket address only.
    expect(
      (
        await read("x".repeat(32), ip, {
          "x-forwarded-for": "203.0.113.9",
          "x-real-ip": "203.0.113.9",
        })
      ).status,
    ).toBe(429);
    expect((await read(view.ref, ip)).status).toBe(200);
    expect((await read("y".repeat(32), "10.2.0.2")).status).toBe(404);
  });

  it("the dispatcher's 'Meus links' names the payment by its public reference, giving an old row one", async () => {
    await resetSandbox(env);
    const { lookupId, view } = await syncLookup();
    const fine = view.debts.find((d) => d.type === "ticket")!;
    const { POST } = await import("@/app/api/checkouts/route");
    const made = await POST(
      apiRequest("/api/checkouts", {
        body: { lookupId, debtIds: [fine.id], customer: CUSTOMER, kind: "share" },
      }),
    );
    expect(made.status).toBe(201);
    const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
    const { token } = await json<{ token: string }>(made);
    const attemptId = crypto.randomUUID();
    const paid = await json<View>(await pay(token, { attemptId, method: "pix" }));
    const { db } = await import("@/lib/db/client");
    const row = await db.payment.findUniqueOrThrow({ where: { externalId: attemptId } });
    const { GET } = await import("@/app/api/links/route");
    const listed = async () =>
      (
        await json<{ links: { token: string; payment?: { ref: string } }[] }>(
          await GET(apiRequest("/api/links", { method: "GET", cookie })),
        )
      ).links.find((l) => l.token === token)?.payment?.ref;
    expect(await listed()).toBe(paid.ref);
    await db.payment.update({ where: { id: row.id }, data: { publicRef: null } });
    const given = await listed();
    expect(given).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(given).not.toBe(row.id);
    expect((await read(given!, "10.4.0.1")).status).toBe(200);
  });

  it("junk that is neither shape never reaches the database and is a plain 404", async () => {
    for (const junk of [
      "",
      "a",
      "../../etc/passwd",
      "' OR 1=1 --",
      "c".repeat(25).toUpperCase(),
      "x".repeat(65),
    ]) {
      const res = await read(junk, "10.3.0.1");
      expect(res.status).toBe(404);
    }
  });
});
