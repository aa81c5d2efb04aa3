import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCountingProxy } from "../support/family-lookup";
import { freshCheckout, json, pay, readPayment } from "../support/storefront-flow";
import {
  overrideEnvForTests,
  setupTestEnvironment,
  TEST_API_KEY,
  type TestEnvironment,
} from "../support/test-env";
import { apiRequest, params } from "../support/upstream-helpers";

// A PIX code replaced by a fresh one for the same checkout when it expires.
// Storefront route handlers over a real SQLite file, the sandbox over HTTP behind a proxy that
// counts the payment requests reaching upstream. PIX codes live 2.5 s here (paymentTimings, real ms).

type View = {
  ref: string;
  status: string;
  amountCents?: number;
  pix?: { qrCode: string; expiresAt: string };
  renewedTo?: string;
};
type ErrorBody = { error: { code: string; message: string } };

let env: TestEnvironment;
let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 1, paymentTimings: { pixTtl: 2_500 } },
  });
  proxy = await startCountingProxy(env.sandbox.url);
  overrideEnvForTests({
    UVVI_BASE_URL: proxy.url,
    RATE_LIMIT_PAYMENTS: "100000",
    RATE_LIMIT_LOOKUPS: "100000",
  });
  ({ db } = await import("@/lib/db/client"));
});
afterAll(async () => {
  await proxy?.close();
  await env?.close();
});

async function renew(ref: string, init: { origin?: string | null; ip?: string } = {}) {
  const { POST } = await import("@/app/api/payments/[paymentRef]/pix/renew/route");
  const res = await POST(
    apiRequest(`/api/payments/${ref}/pix/renew`, { ...init }),
    params({ paymentRef: ref }),
  );
  return { status: res.status, body: await json<View & ErrorBody>(res) };
}

const sandboxControl = (path: string) =>
  fetch(`${env.sandbox.url}${path}`, { method: "POST", headers: { "x-api-key": TEST_API_KEY } });
const upstreamIdOf = async (ref: string) =>
  (await db.payment.findUniqueOrThrow({ where: { publicRef: ref } })).paymentId!;
const untilExpired = (v: View) =>
  new Promise((r) =>
    setTimeout(r, Math.max(0, new Date(v.pix!.expiresAt).getTime() - Date.now()) + 150),
  );

async function pixOnNewCheckout(): Promise<{ token: string; first: View }> {
  const { token } = await freshCheckout(env);
  const res = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
  expect(res.status).toBe(201);
  return { token, first: await json<View>(res) };
}

describe("PIX renewal", () => {
  it("refuses to replace a code that still pays, without asking upstream", async () => {
    const { first } = await pixOnNewCheckout();
    const before = proxy.payments();
    const early = await renew(first.ref);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("PIX_STILL_VALID");
    expect(proxy.payments()).toBe(before);
  });

  it("at expiry, 12 concurrent renewals (two tabs, double clicks) make ONE new code, same checkout, same total", async () => {
    const { first } = await pixOnNewCheckout();
    await untilExpired(first);
    const before = proxy.payments();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => renew(first.ref, { ip: `10.0.1.${i % 2}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(11);
    const refs = new Set(answers.map((a) => a.body.ref));
    expect(refs.size).toBe(1);
    const fresh = answers.find((a) => a.status === 201)!.body;
    expect(fresh.ref).not.toBe(first.ref);
    expect(fresh.status).toBe("awaiting_payment");
    expect(fresh.pix!.qrCode).not.toBe(first.pix!.qrCode);
    expect(fresh.amountCents).toBe(first.amountCents);
    expect(proxy.payments()).toBe(before + 1);
    const rows = await db.payment.findMany({
      where: {
        renewedFromId: (await db.payment.findUniqueOrThrow({ where: { publicRef: first.ref } })).id,
      },
    });
    expect(rows).toHaveLength(1);
    const old = await db.payment.findUniqueOrThrow({ where: { publicRef: first.ref } });
    expect(rows[0]!.checkoutId).toBe(old.checkoutId);
    // The old ref's page follows the new one, and upstream knows the old code expired.
    const oldView = await json<View>(await readPayment(first.ref));
    expect(oldView.renewedTo).toBe(fresh.ref);
    expect(old.status).toBe("expired");
  });

  it("the old code cannot be paid after a renewal; the new one pays the checkout once", async () => {
    const { first } = await pixOnNewCheckout();
    await untilExpired(first);
    const fresh = (await renew(first.ref)).body;
    // The simulated payer scans the OLD code (a screenshot, a second phone): upstream refuses it.
    const late = await sandboxControl(`/__sandbox/pix/${await upstreamIdOf(first.ref)}/pay`);
    expect(late.status).toBe(422);
    expect(JSON.stringify(await late.json())).toContain("pixExpired");
    expect(
      (await sandboxControl(`/__sandbox/pix/${await upstreamIdOf(fresh.ref)}/pay`)).status,
    ).toBe(200);
    // No webhook receiver here: the sweep's poll (as if 35 s had passed) learns it.
    const { sweepPayments } = await import("@/lib/payments/sweep");
    await sweepPayments(new Date(Date.now() + 35_000));
    const paid = await json<View>(await readPayment(fresh.ref));
    expect(paid.status).toBe("paid");
    const checkoutId = (await db.payment.findUniqueOrThrow({ where: { publicRef: fresh.ref } }))
      .checkoutId;
    expect(await db.payment.count({ where: { checkoutId, status: "paid" } })).toBe(1);
    // Asking again after payment changes nothing: the same renewal back, and no renewal of a paid code.
    const before = proxy.payments();
    expect(await renew(first.ref)).toMatchObject({ status: 200, body: { ref: fresh.ref } });
    expect(await renew(fresh.ref)).toMatchObject({
      status: 200,
      body: { ref: fresh.ref, status: "paid" },
    });
    expect(proxy.payments()).toBe(before);
  });

  it("a code paid at its last second is not renewed: the renewal answers the paid payment", async () => {
    const { first } = await pixOnNewCheckout();
    const upstreamId = await upstreamIdOf(first.ref);
    expect((await sandboxControl(`/__sandbox/pix/${upstreamId}/pay`)).status).toBe(200);
    await untilExpired(first); // no webhook reaches this test's storefront: only the status call knows
    const before = proxy.payments();
    const r = await renew(first.ref);
    expect(r).toMatchObject({ status: 200, body: { ref: first.ref, status: "paid" } });
    expect(r.body.renewedTo).toBeUndefined();
    expect(proxy.payments()).toBe(before);
  });

  it("refuses forged origins, unknown or malformed refs and card payments", async () => {
    const { first } = await pixOnNewCheckout();
    await untilExpired(first);
    expect((await renew(first.ref, { origin: "https://evil.example" })).status).toBe(403);
    expect((await renew(first.ref, { origin: null })).status).toBe(403);
    expect(
      await db.payment.count({
        where: {
          renewedFromId: (await db.payment.findUniqueOrThrow({ where: { publicRef: first.ref } }))
            .id,
        },
      }),
    ).toBe(0);
    expect((await renew("clnotapayment000000000000")).status).toBe(404);
    expect((await renew("../../etc")).status).toBe(404);
    const card = await db.payment.create({
      data: {
        externalId: crypto.randomUUID(),
        checkoutId: (await db.payment.findUniqueOrThrow({ where: { publicRef: first.ref } }))
          .checkoutId,
        method: "credit_card",
        status: "refused",
        publicRef: randomBytes(24).toString("base64url"),
      },
    });
    expect((await renew(card.publicRef!)).body.error.code).toBe("PIX_NOT_RENEWABLE");
  });
});
