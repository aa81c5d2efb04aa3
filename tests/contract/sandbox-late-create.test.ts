// Contract: the `late-create` fault. POST /uvvi/v1/payment answers 500 at once with nothing
// created, then the sandbox processes the original request delayMs later, with every check of the
// payment route applied at that moment. This is what lets the storefront test its "payment not
// found" grace period against a real late creation.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { SandboxDebt } from "@/lib/sandbox/context";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { getToken } from "@/lib/sandbox/payments/types";
import {
  KEY,
  startHarness,
  type Harness,
  type Reply,
} from "@/tests/support/sandbox-payments-harness";
import { sleep } from "@/tests/support/time";

const DELAY_MS = 400;
const AFTER_DELAY_MS = 600;
const LATE_MESSAGE = "Internal server error (injected; the payment will be created late)";

let h: Harness;
let debts: SandboxDebt[];

beforeAll(async () => {
  // Card tokens and PIX codes stay valid well past the fault's delay.
  h = await startHarness({
    timeScale: 1 / 600,
    paymentTimings: { cardTokenTtl: 60_000, pixTtl: 60_000 },
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  debts = await h.lookup();
});

const fine = () => h.pick(debts, "Multa - Estacionar").id;
const arm = (delayMs = DELAY_MS, times = 1) =>
  h.post("/__sandbox/faults", {
    path: "/uvvi/v1/payment",
    method: "POST",
    fault: "late-create",
    delayMs,
    times,
  });
const statusBy = (externalId: string) => h.post("/uvvi/v1/payment/status", { externalId });
const paymentsOf = (checkoutId: string) =>
  [...h.ctx.store.payments.values()].filter((p) => p.checkoutId === checkoutId);
const updatesFor = (externalId: string) =>
  h.events((e) => e.type === "payment-status-update" && e.externalId === externalId);

async function cardBody(checkoutId: string, externalId = randomUUID()) {
  return {
    checkoutId,
    paymentMethod: "credit_card",
    cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
    installments: 1,
    externalId,
  };
}

/** POST with extra headers (the harness's post sends none). */
async function postWith(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Reply> {
  const started = Date.now();
  const res = await fetch(h.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": KEY, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

function expectLateAnswer(r: Reply) {
  expect(r.status).toBe(500);
  expect(r.body).toEqual({
    success: false,
    error: "Internal Server Error",
    message: LATE_MESSAGE,
    statusCode: 500,
  });
  expect(r.ms).toBeLessThan(DELAY_MS);
}

describe("late-create fault", () => {
  test("armed: 500 at once and no payment; after the delay the card payment exists, is paid, and its webhook arrives", async () => {
    expect((await arm()).status).toBe(200);
    const co = (await h.checkout([fine()])).body;
    const body = await cardBody(co.checkoutId);

    expectLateAnswer(await h.post("/uvvi/v1/payment", body));
    const during = await statusBy(body.externalId);
    expect(during.status).toBe(404);
    expect(during.body.error.code).toBe("NOT_FOUND");
    expect(paymentsOf(co.checkoutId)).toHaveLength(0);
    expect(updatesFor(body.externalId)).toHaveLength(0);

    await sleep(AFTER_DELAY_MS);
    const after = await statusBy(body.externalId);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe("paid");
    expect(after.body.amount).toBeGreaterThan(0);
    const event = await h.waitFor(() =>
      updatesFor(body.externalId).find((e) => e.status === "paid"),
    );
    expect(event.paymentId).toBe(after.body.paymentId);
    // The original request, processed once: one payment, with the request's card token.
    const made = paymentsOf(co.checkoutId);
    expect(made.map((p) => [p.externalId, p.method, p.installments])).toEqual([
      [body.externalId, "credit_card", 1],
    ]);
    expect(getToken(h.ctx, body.cardToken)?.usedBy).toBe(made[0]!.paymentId);
  });

  test("another payment pays the checkout during the delay: the late one is never created, one charge", async () => {
    await arm();
    const co = (await h.checkout([fine()])).body;
    const late = await cardBody(co.checkoutId);
    expectLateAnswer(await h.post("/uvvi/v1/payment", late));

    const other = await h.post("/uvvi/v1/payment", await cardBody(co.checkoutId));
    expect([other.status, other.body.status]).toEqual([201, "paid"]);

    await sleep(AFTER_DELAY_MS);
    expect((await statusBy(late.externalId)).status).toBe(404);
    expect(paymentsOf(co.checkoutId).map((p) => p.paymentId)).toEqual([other.body.paymentId]);
    expect(getToken(h.ctx, late.cardToken)?.usedBy).toBeUndefined();
    expect(updatesFor(late.externalId)).toHaveLength(0);
  });

  test("the late processing reads the sandbox clock at that moment: a checkout expired by then gets nothing", async () => {
    await arm();
    const co = (await h.checkout([fine()])).body;
    const body = await cardBody(co.checkoutId);
    expectLateAnswer(await h.post("/uvvi/v1/payment", body));
    const expiresAt = h.ctx.store.checkouts.get(co.checkoutId)!.expiresAt;
    await h.post("/__sandbox/clock", { now: new Date(expiresAt.getTime() + 1000).toISOString() });

    await sleep(AFTER_DELAY_MS);
    expect((await statusBy(body.externalId)).status).toBe(404);
    expect(paymentsOf(co.checkoutId)).toHaveLength(0);
  });

  test("POST /__sandbox/reset during the delay cancels the late processing", async () => {
    await arm();
    const co = (await h.checkout([fine()])).body;
    const body = await cardBody(co.checkoutId);
    expectLateAnswer(await h.post("/uvvi/v1/payment", body));
    const checkout = h.ctx.store.checkouts.get(co.checkoutId)!;
    const token = h.ctx.store.tokens.get(body.cardToken)!;

    await h.reset();
    // Put back what the late request needs, so only the cancelled timer can explain a missing payment.
    h.ctx.store.checkouts.set(checkout.checkoutId, checkout);
    h.ctx.store.tokens.set(body.cardToken, token);

    await sleep(AFTER_DELAY_MS);
    expect((await statusBy(body.externalId)).status).toBe(404);
    expect(paymentsOf(co.checkoutId)).toHaveLength(0);
    // The restored state was payable: the same request now succeeds.
    const now = await h.post("/uvvi/v1/payment", body);
    expect([now.status, now.body.status]).toEqual([201, "paid"]);
  });

  test("PIX: created late as awaiting_payment", async () => {
    await arm();
    const co = (await h.checkout([fine()])).body;
    const externalId = randomUUID();
    expectLateAnswer(
      await h.post("/uvvi/v1/payment", {
        checkoutId: co.checkoutId,
        paymentMethod: "pix",
        externalId,
      }),
    );
    expect((await statusBy(externalId)).status).toBe(404);

    await sleep(AFTER_DELAY_MS);
    const after = await statusBy(externalId);
    expect([after.status, after.body.status, after.body.liquidationStatus]).toEqual([
      200,
      "awaiting_payment",
      "pending",
    ]);
    const [p] = paymentsOf(co.checkoutId);
    expect([p?.method, p?.externalId, typeof p?.qrCode]).toEqual(["pix", externalId, "string"]);
    await h.waitFor(() => updatesFor(externalId).find((e) => e.status === "awaiting_payment"));
  });

  test("x-sandbox-fault header variant; shape override; the late request is not faulted by its own header", async () => {
    const co = (await h.checkout([fine()])).body;
    const body = await cardBody(co.checkoutId);
    const r = await postWith("/uvvi/v1/payment", body, {
      "x-sandbox-fault": `late-create; delayMs=${DELAY_MS}; shape=B`,
    });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      success: false,
      error: { code: "INTERNAL_ERROR", message: LATE_MESSAGE, details: {} },
    });
    expect((await statusBy(body.externalId)).status).toBe(404);

    await sleep(AFTER_DELAY_MS);
    const after = await statusBy(body.externalId);
    expect([after.status, after.body.status]).toEqual([200, "paid"]);
    await h.waitFor(() => updatesFor(body.externalId).find((e) => e.status === "paid"));
  });

  test("the late processing neither consumes an armed fault nor shows in the request log", async () => {
    await arm(DELAY_MS, 2);
    const co = (await h.checkout([fine()])).body;
    const body = await cardBody(co.checkoutId);
    expectLateAnswer(await h.post("/uvvi/v1/payment", body));

    await sleep(AFTER_DELAY_MS);
    expect((await statusBy(body.externalId)).body.status).toBe("paid");
    const armed = await fetch(`${h.url}/__sandbox/faults`, { headers: { "x-api-key": KEY } });
    const { faults } = (await armed.json()) as { faults: { fault: string; remaining: number }[] };
    expect(faults.map((f) => [f.fault, f.remaining])).toEqual([["late-create", 1]]);
    const log = (await (
      await fetch(`${h.url}/__sandbox/requests`, { headers: { "x-api-key": KEY } })
    ).json()) as {
      requests: { method: string; path: string; status: number }[];
    };
    expect(log.requests.filter((r) => r.path === "/uvvi/v1/payment").map((r) => r.status)).toEqual([
      500,
    ]);
  });

  test('on any other request it is a plain server-error (500, no "created late" promise)', async () => {
    const co = (await h.checkout([fine()])).body;
    const r = await postWith(
      "/uvvi/v1/installments",
      { amount: co.amount, paymentMethod: "credit_card" },
      { "x-sandbox-fault": "late-create; delayMs=50" },
    );
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      success: false,
      error: "Internal Server Error",
      message: "Internal server error (injected)",
      statusCode: 500,
    });
  });

  test("the late processing is not rate limited: it happens even when the key has used up its window", async () => {
    const limited = await startHarness({
      timeScale: 1 / 600,
      rateLimitPerMinute: 30,
      paymentTimings: { cardTokenTtl: 60_000 },
    });
    try {
      await limited.reset();
      const found = await limited.lookup();
      await limited.post("/__sandbox/faults", {
        path: "/uvvi/v1/payment",
        fault: "late-create",
        delayMs: DELAY_MS,
      });
      const co = (await limited.checkout([limited.pick(found, "Multa - Estacionar").id])).body;
      const externalId = randomUUID();
      const body = {
        checkoutId: co.checkoutId,
        paymentMethod: "credit_card",
        cardToken: await limited.tokenize(SANDBOX_CARDS.visaPaid),
        installments: 1,
        externalId,
      };
      expect((await limited.post("/uvvi/v1/payment", body)).status).toBe(500);
      let limitedNow = false;
      for (let i = 0; i < 30 && !limitedNow; i++)
        limitedNow = (await limited.post("/uvvi/v1/payment/status", { externalId })).status === 429;
      expect(limitedNow).toBe(true);

      await sleep(AFTER_DELAY_MS);
      const made = [...limited.ctx.store.payments.values()].filter(
        (p) => p.externalId === externalId,
      );
      expect(made.map((p) => p.status)).toEqual(["paid"]);
    } finally {
      await limited.close();
    }
  });
});
