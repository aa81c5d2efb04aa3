import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { drainUntilJudged } from "../support/inbox";
import {
  CUSTOMER,
  freshCheckout,
  json,
  pay,
  payByCard as payCard,
  readPayment,
  tokenize,
} from "../support/storefront-flow";
import { setupTestEnvironment, type TestEnvironment } from "../support/test-env";
import { apiRequest, armFault, clearFaults, params } from "../support/upstream-helpers";
import {
  paymentRowByRef,
  registerReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../support/webhook-receiver";

// Every payment reaches an end (docs/payment-states.md). The storefront's route handlers over a
// real database, the sandbox over HTTP with its documented faults, and the sandbox's own webhook
// deliveries to our route. Time past our call is simulated the way the sweep sees it: sweepPayments
// takes "now", by which the poll and the grace judge; the poll spacing counts real time, so it is
// 300 ms here and the test waits it out between two sweeps. (Events: payment-events.test.ts, at
// the production spacing.)

const GRACE_MS = 60_000;
const POLL_SPACING_MS = 300;
const pollSpacing = () => new Promise((r) => setTimeout(r, POLL_SPACING_MS + 50));
const PAYMENT_PATH = "/uvvi/v1/payment";

type View = {
  ref: string;
  status: string;
  isFinal: boolean;
  answerBy?: string;
  failureMessage?: string;
  amountCents?: number;
  pix?: { qrCode: string };
  timeline: { status: string }[];
};
type ErrorBody = { error: { code: string; message: string } };

let env: TestEnvironment;
let receiver: WebhookReceiver;
let db: typeof import("@/lib/db/client").db;
let sweepPayments: typeof import("@/lib/payments/sweep").sweepPayments;
let drain: () => Promise<void>;

beforeAll(async () => {
  env = await setupTestEnvironment({
    sandbox: { timeScale: 1, paymentTimings: { pixTtl: 2_500 } },
    env: {
      PAYMENT_NOT_FOUND_GRACE_MS: String(GRACE_MS),
      STATUS_CHECK_INTERVAL_MS: String(POLL_SPACING_MS),
      STATUS_CONFIRM_SPACING_MS: "2000",
      RATE_LIMIT_PAYMENTS: "100000",
      RATE_LIMIT_CHECKOUTS: "100000",
      RATE_LIMIT_CARD_TOKENS: "100000",
    },
  });
  ({ db } = await import("@/lib/db/client"));
  ({ sweepPayments } = await import("@/lib/payments/sweep"));
  ({ dispatchPendingWebhooks: drain } = await import("@/lib/webhooks/dispatch"));
  const { POST } = await import("@/app/api/webhooks/uvvi/[secret]/route");
  receiver = await startWebhookReceiver(POST);
});
afterAll(async () => {
  await receiver?.close();
  await env?.close();
});

const later = (ms: number) => new Date(Date.now() + ms);
const rowOf = paymentRowByRef;
const viewOf = async (ref: string) => json<View>(await readPayment(ref));
const sandboxPaymentsOf = async (ref: string) => {
  const row = await db.payment.findUniqueOrThrow({
    where: { publicRef: ref },
    include: { checkout: true },
  });
  return [...env.sandbox.ctx.store.payments.values()].filter(
    (p) => p.checkoutId === row.checkout.upstreamCheckoutId,
  );
};

const payByCard = (token: string) => payCard<View & ErrorBody>(token);

/** A second payment of a paid checkout: refused at the card step already. */
async function refusedCode(token: string): Promise<string> {
  const res = await tokenize(token, SANDBOX_CARDS.visaPaid.number);
  expect(res.ok).toBe(false);
  return (await json<ErrorBody>(res)).error.code;
}

async function newCheckout(lookupId: string, debtIds: string[]) {
  const { POST } = await import("@/app/api/checkouts/route");
  const res = await POST(
    apiRequest("/api/checkouts", {
      body: { lookupId, debtIds, customer: CUSTOMER, kind: "owner" },
    }),
  );
  return { status: res.status, body: await json<{ token: string } & ErrorBody>(res) };
}

async function checkoutView(token: string) {
  const { GET } = await import("@/app/api/checkouts/[token]/route");
  return json<{ status: string; unavailable?: { code: string }; latestPayment?: View }>(
    await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
  );
}

describe("an attempt whose outcome we never learn", () => {
  for (const fault of [
    {
      name: "one upstream 500",
      arm: { fault: "server-error" as const, times: 1 },
      callError: "UPSTREAM_SERVER_ERROR HTTP 500",
    },
    {
      name: "a 502 on our call and on our one retry",
      arm: { fault: "bad-gateway-html" as const, times: 2 },
      callError: "UPSTREAM_BAD_GATEWAY HTTP 502",
    },
  ]) {
    it(`card, ${fault.name}: held within the grace, then concluded not created with its evidence; the debts are payable again, one charge`, async () => {
      const { token, lookupId, fine } = await freshCheckout(env);
      await armFault(env, { path: PAYMENT_PATH, method: "POST", ...fault.arm });
      const first = await payByCard(token);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ status: "pending", isFinal: false });
      const row = await rowOf(first.body.ref);
      expect(row.callError).toBe(fault.callError);
      expect(new Date(first.body.answerBy!).getTime()).toBe(row.createdAt.getTime() + GRACE_MS);
      expect(env.sandbox.ctx.store.payments.size).toBe(0);

      // Within the grace it holds: no second checkout of the debt, no second attempt of this one.
      expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_IN_PAYMENT");
      expect((await payByCard(token)).body.error.code).toBe("PAYMENT_IN_PROGRESS");
      await sweepPayments(later(40_000));
      expect(await rowOf(first.body.ref)).toMatchObject({ status: "pending", notFoundCount: 1 });

      // Past it, the upstream's 404 by our externalId ends it.
      await pollSpacing();
      await sweepPayments(later(GRACE_MS + 15_000));
      const ended = await rowOf(first.body.ref);
      expect(ended).toMatchObject({ status: "not_created", notFoundCount: 2 });
      const conclusion = ended.events.find((e) => e.source === "conclusion")!;
      expect(conclusion.status).toBe("not_created");
      expect(conclusion.detail).toContain(fault.callError);
      expect(conclusion.detail).toContain(`404 2 vez(es)`);
      expect(conclusion.detail).toContain(ended.externalId);
      const view = await viewOf(first.body.ref);
      expect(view).toMatchObject({ status: "not_created", isFinal: true });
      expect(view.answerBy).toBeUndefined();
      expect(view.failureMessage).toMatch(/nenhum valor foi cobrado/);
      expect(await checkoutView(token)).toMatchObject({
        status: "open",
        latestPayment: { status: "not_created" },
      });
      expect((await checkoutView(token)).unavailable).toBeUndefined();

      // Free again: another checkout of the debt may be made, and this one pays, once.
      expect((await newCheckout(lookupId, [fine.id])).status).toBe(201);
      const again = await payByCard(token);
      expect(again.body.status).toBe("paid");
      expect(await sandboxPaymentsOf(first.body.ref)).toHaveLength(1);
      expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_ALREADY_PAID");
    });
  }

  it("a pending attempt stops holding its debts when its checkout expires, even within the grace", async () => {
    const { token, lookupId, fine } = await freshCheckout(env);
    await armFault(env, { path: PAYMENT_PATH, method: "POST", fault: "server-error" });
    const first = await payByCard(token);
    expect(first.body.status).toBe("pending");
    expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_IN_PAYMENT");
    await db.checkout.update({
      where: { publicToken: token },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect((await newCheckout(lookupId, [fine.id])).status).toBe(201);
    expect((await rowOf(first.body.ref)).status).toBe("pending"); // still unanswered, shown as such
  });

  it("PIX renewal meets a 500: later renewals return it while it may land; once concluded, the next one makes a fresh code of the same total", async () => {
    const { token } = await freshCheckout(env);
    const created = await pay(token, { attemptId: crypto.randomUUID(), method: "pix" });
    const first = await json<View>(created);
    expect(first.status).toBe("awaiting_payment");
    await new Promise((r) => setTimeout(r, 2_700)); // the code's 2.5 s
    const { POST: renewRoute } = await import("@/app/api/payments/[paymentRef]/pix/renew/route");
    const renew = async (ref: string) => {
      const res = await renewRoute(
        apiRequest(`/api/payments/${ref}/pix/renew`),
        params({ paymentRef: ref }),
      );
      return { status: res.status, body: await json<View & ErrorBody>(res) };
    };
    await armFault(env, { path: PAYMENT_PATH, method: "POST", fault: "server-error" });
    const stuck = await renew(first.ref);
    expect(stuck).toMatchObject({ status: 201, body: { status: "pending" } });
    expect(await renew(first.ref)).toMatchObject({
      status: 200,
      body: { ref: stuck.body.ref, status: "pending" },
    });

    await sweepPayments(later(GRACE_MS + 15_000));
    expect((await rowOf(stuck.body.ref)).status).toBe("not_created");
    const fresh = await renew(first.ref);
    expect(fresh.status).toBe(201);
    expect(fresh.body.status).toBe("awaiting_payment");
    expect(fresh.body.amountCents).toBe(first.amountCents);
    expect(fresh.body.pix!.qrCode).not.toBe(first.pix!.qrCode);
    expect((await rowOf(fresh.body.ref)).renewedFromId).toBe((await rowOf(stuck.body.ref)).id);
    // From any link of the chain, the same code back.
    expect(await renew(stuck.body.ref)).toMatchObject({
      status: 200,
      body: { ref: fresh.body.ref },
    });
    expect(await renew(first.ref)).toMatchObject({ status: 200, body: { ref: fresh.body.ref } });
  });
});

describe("a payment the upstream creates late", () => {
  it("within the grace: it ends paid, once, from the upstream's own webhook; a double payment meanwhile is refused", async () => {
    const { token, lookupId, fine } = await freshCheckout(env);
    await registerReceiver(receiver);
    await armFault(env, { path: PAYMENT_PATH, method: "POST", fault: "late-create", delayMs: 700 });
    const first = await payByCard(token);
    expect(first.body.status).toBe("pending");
    expect((await payByCard(token)).body.error.code).toBe("PAYMENT_IN_PROGRESS");
    expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_IN_PAYMENT");
    const row = await rowOf(first.body.ref);
    await drainUntilJudged(row.externalId);
    const paid = await rowOf(first.body.ref);
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid.events.map((e) => [e.status, e.source])).toEqual([["paid", "confirmation"]]);
    expect(await sandboxPaymentsOf(first.body.ref)).toHaveLength(1);
    expect(await refusedCode(token)).toBe("CHECKOUT_ALREADY_PAID");
    expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_ALREADY_PAID");
  });

  it("after the grace, with nobody paying again: concluded not created, then reopened as paid when the upstream proves the charge", async () => {
    const { token } = await freshCheckout(env);
    await registerReceiver(receiver);
    await armFault(env, {
      path: PAYMENT_PATH,
      method: "POST",
      fault: "late-create",
      delayMs: 1_500,
    });
    const first = await payByCard(token);
    expect(first.body.status).toBe("pending");
    await sweepPayments(later(GRACE_MS + 15_000));
    expect((await rowOf(first.body.ref)).status).toBe("not_created");
    const row = await rowOf(first.body.ref);
    await drainUntilJudged(row.externalId);
    const reopened = await rowOf(first.body.ref);
    expect(reopened.status).toBe("paid");
    expect(reopened.events.map((e) => e.status)).toEqual(["not_created", "paid"]);
    expect((await viewOf(first.body.ref)).status).toBe("paid");
    expect(await sandboxPaymentsOf(first.body.ref)).toHaveLength(1);
    expect(await refusedCode(token)).toBe("CHECKOUT_ALREADY_PAID");
  });

  it("after the grace, paid again meanwhile: the late creation is refused upstream, one charge, the first stays not created", async () => {
    const { token } = await freshCheckout(env);
    await registerReceiver(receiver);
    await armFault(env, {
      path: PAYMENT_PATH,
      method: "POST",
      fault: "late-create",
      delayMs: 1_500,
    });
    const first = await payByCard(token);
    await sweepPayments(later(GRACE_MS + 15_000));
    expect((await rowOf(first.body.ref)).status).toBe("not_created");
    const again = await payByCard(token);
    expect(again.body.status).toBe("paid");
    await new Promise((r) => setTimeout(r, 2_000)); // past the late creation
    await env.sandbox.ctx.webhooks.idle();
    await drain();
    expect(await sandboxPaymentsOf(first.body.ref)).toHaveLength(1);
    expect((await rowOf(first.body.ref)).status).toBe("not_created");
    expect((await rowOf(again.body.ref)).status).toBe("paid");
  });
});

describe("a status the upstream returns that we do not know", () => {
  it("is kept as the upstream's value, shown as under verification, holds its debts and is listed for the operator", async () => {
    const { token, lookupId, fine } = await freshCheckout(env);
    const paid = await payByCard(token);
    const row = await rowOf(paid.body.ref);
    // Upstream's own record moves to a value the spec never lists.
    const upstreamPayment = env.sandbox.ctx.store.payments.get(row.paymentId!)!;
    await db.payment.update({ where: { id: row.id }, data: { status: "processing" } });
    upstreamPayment.status = "em_revisao_manual";
    await sweepPayments(later(60_000));
    expect((await rowOf(paid.body.ref)).status).toBe("em_revisao_manual");
    const { paymentStatusLabel } = await import("@/lib/rules/payment-status");
    expect(paymentStatusLabel("em_revisao_manual")).toBe("Em verificação com a operadora");
    expect((await newCheckout(lookupId, [fine.id])).body.error.code).toBe("DEBT_IN_PAYMENT");
    const { listUnverifiedPayments } = await import("@/lib/payments/unverified");
    expect((await listUnverifiedPayments()).map((p) => p.publicRef)).toContain(paid.body.ref);
    await clearFaults(env);
  });
});
