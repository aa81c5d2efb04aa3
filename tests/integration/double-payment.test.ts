import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import {
  familyLookup,
  ipvaDebts,
  proxiedTestEnvironment,
  startLookupReceiver,
  type CountingProxy,
} from "../support/family-lookup";
import { cardToken, CUSTOMER, json, pay, payByCard as payCard } from "../support/storefront-flow";
import { apiRequest, params } from "../support/upstream-helpers";
import type { WebhookReceiver } from "../support/webhook-receiver";

// Never pay a debt twice. A person with two tabs on ONE lookup of a vehicle:
// Y (IPVA parcela 1/3) paid, then X (previous IPVA + current cota única) refused in words, then Z
// (parcela 2/3, the next parcela of the plan already started) still allowed and charged. Our
// storefront over the sandbox, with a counting proxy in between to see what reaches upstream.

type ErrorBody = { error: { code: string; message: string } };
type PaymentBody = { ref: string; status: string };

let proxy: CountingProxy;
let closeEnv: (() => Promise<void>) | undefined;
let receiver: WebhookReceiver;
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  // Real time: no settlement webhooks pile up while the lookups wait for theirs.
  ({ proxy, close: closeEnv } = await proxiedTestEnvironment(1, {
    RATE_LIMIT_PAYMENTS: "100000",
    RATE_LIMIT_LOOKUPS: "100000",
    RATE_LIMIT_CARD_TOKENS: "100000",
    RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: "100000",
  }));
  ({ db } = await import("@/lib/db/client"));
  receiver = await startLookupReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await closeEnv?.();
});

async function checkout(lookupId: string, debtIds: string[], kind: "owner" | "share" = "owner") {
  const { POST } = await import("@/app/api/checkouts/route");
  const res = await POST(
    apiRequest("/api/checkouts", { body: { lookupId, debtIds, customer: CUSTOMER, kind } }),
  );
  return { status: res.status, body: await json<{ token: string } & ErrorBody>(res) };
}

const payByCard = (token: string, card: { number: string } = SANDBOX_CARDS.visaPaid) =>
  payCard<PaymentBody & ErrorBody>(token, card);

async function lookupStates(lookupId: string) {
  const { GET } = await import("@/app/api/lookups/[lookupId]/route");
  const view = await json<{
    debts: { id: string; availability?: { state: string; reason: string } }[];
  }>(await GET(apiRequest(`/api/lookups/${lookupId}`, { method: "GET" }), params({ lookupId })));
  return new Map(
    view.debts.map((d) => [d.id, d.availability ?? { state: "available", reason: "" }]),
  );
}

async function checkoutView(token: string) {
  const { GET } = await import("@/app/api/checkouts/[token]/route");
  return json<{ status: string; unavailable?: { code: string; message: string } }>(
    await GET(apiRequest(`/api/checkouts/${token}`, { method: "GET" }), params({ token })),
  );
}

describe("two tabs, one lookup (TST6W01)", () => {
  it("Y charged; X refused saying the IPVA is being paid in parcelas, never reaching upstream; Z charged", async () => {
    const { lookupId, debts } = await familyLookup("TST6W01");
    const { current, previous, cota, p1, p2 } = ipvaDebts(debts);
    const inParcelas = `O IPVA ${current} já está sendo pago em parcelas.`;

    // Both tabs build their checkout before anything is paid.
    const y = await checkout(lookupId, [p1.id]);
    const x = await checkout(lookupId, [previous.id, cota.id]);
    expect([y.status, x.status]).toEqual([201, 201]);

    const paidY = await payByCard(y.body.token);
    expect(paidY.status).toBe(201);
    expect(paidY.body.status).toBe("paid");

    // Tab X pays afterwards: refused before any upstream call, in words.
    const upstreamBefore = proxy.payments();
    const paidX = await payByCard(x.body.token);
    expect(paidX.status).toBe(409);
    expect(paidX.body.error.code).toBe("DEBT_ALREADY_PAID");
    expect(paidX.body.error.message).toBe(`Não é possível pagar “${cota.title}”. ${inParcelas}`);
    expect(proxy.payments()).toBe(upstreamBefore);
    expect(await db.payment.count({ where: { checkout: { publicToken: x.body.token } } })).toBe(0);
    // Its page says so instead of offering the form.
    expect(await checkoutView(x.body.token)).toMatchObject({
      status: "open",
      unavailable: { code: "DEBT_ALREADY_PAID", message: expect.stringContaining(inParcelas) },
    });

    // A new checkout of the same choice, from the same old lookup, is refused as well.
    const xAgain = await checkout(lookupId, [previous.id, cota.id]);
    expect(xAgain.status).toBe(409);
    expect(xAgain.body.error).toMatchObject({
      code: "DEBT_ALREADY_PAID",
      message: expect.stringContaining(inParcelas),
    });

    // The debt page marks them instead of offering them.
    const states = await lookupStates(lookupId);
    expect(states.get(p1.id)).toMatchObject({ state: "paid" });
    expect(states.get(cota.id)).toEqual({ state: "blocked", reason: inParcelas });
    expect(states.get(p2.id)).toMatchObject({ state: "available" });
    expect(states.get(previous.id)).toMatchObject({ state: "available" });

    // Z, the next parcela of the plan already started, is allowed and charged.
    const z = await checkout(lookupId, [p2.id]);
    expect(z.status).toBe(201);
    const paidZ = await payByCard(z.body.token);
    expect(paidZ.status).toBe(201);
    expect(paidZ.body.status).toBe("paid");
    expect(await checkoutView(y.body.token)).not.toHaveProperty("unavailable");
  });

  it("a debt in an open payment (an unpaid PIX of another tab) is 'Em pagamento': the other checkout waits", async () => {
    const { lookupId, debts } = await familyLookup("TST6W02");
    const { current, previous, cota, p1 } = ipvaDebts(debts);
    const x = await checkout(lookupId, [previous.id, cota.id]);
    const y = await checkout(lookupId, [p1.id]);
    const pix = await pay(x.body.token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(pix.status).toBe(201);
    expect((await json<PaymentBody>(pix)).status).toBe("awaiting_payment");

    const paidY = await payByCard(y.body.token);
    expect(paidY.status).toBe(409);
    expect(paidY.body.error).toEqual({
      code: "DEBT_IN_PAYMENT",
      message: `Não é possível pagar “${p1.title}”. O IPVA ${current} já está sendo pago em cota única.`,
    });
    expect((await lookupStates(lookupId)).get(cota.id)).toMatchObject({ state: "in_payment" });
  });
});

describe("a despachante's link made from an old lookup (TST6W03)", () => {
  it("is checked when opened and when paid: the owner paid a parcela meanwhile", async () => {
    const { lookupId, debts } = await familyLookup("TST6W03");
    const { current, previous, cota, p1 } = ipvaDebts(debts);
    const link = await checkout(lookupId, [previous.id, cota.id], "share");
    expect(link.status).toBe(201);
    expect(await checkoutView(link.body.token)).not.toHaveProperty("unavailable");

    const y = await checkout(lookupId, [p1.id]);
    expect((await payByCard(y.body.token)).body.status).toBe("paid");

    // Opened: the link says it can no longer be paid, and why.
    expect(await checkoutView(link.body.token)).toMatchObject({
      status: "open",
      unavailable: {
        code: "DEBT_ALREADY_PAID",
        message: `Não é possível pagar “${cota.title}”. O IPVA ${current} já está sendo pago em parcelas.`,
      },
    });
    // Paid anyway (a page left open): refused, by PIX as by card, and upstream never hears of it.
    const before = proxy.payments();
    const pix = await pay(link.body.token, { attemptId: crypto.randomUUID(), method: "pix" });
    expect(pix.status).toBe(409);
    expect((await json<ErrorBody>(pix)).error.code).toBe("DEBT_ALREADY_PAID");
    expect((await payByCard(link.body.token)).status).toBe(409);
    expect(proxy.payments()).toBe(before);
  });
});

describe("concurrency: two conflicting checkouts paid at the same moment", () => {
  it("exactly one payment reaches upstream, every time (5 vehicles)", async () => {
    for (const plate of ["TST6W10", "TST6W11", "TST6W12", "TST6W13", "TST6W14"]) {
      const { lookupId, debts } = await familyLookup(plate);
      const { previous, cota, p1 } = ipvaDebts(debts);
      const x = await checkout(lookupId, [previous.id, cota.id]);
      const y = await checkout(lookupId, [p1.id]);
      const tokens = await Promise.all([x, y].map(async (c) => cardToken(c.body.token)));
      const before = proxy.payments();
      const answers = await Promise.all(
        [x, y].map((c, i) =>
          pay(c.body.token, {
            attemptId: crypto.randomUUID(),
            method: "credit_card",
            cardToken: tokens[i],
            installments: 1,
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(proxy.payments() - before).toBe(1);
      const refused = await json<ErrorBody>(answers.find((a) => a.status === 409)!);
      expect(refused.error.code).toMatch(/^DEBT_(ALREADY_PAID|IN_PAYMENT)$/);
      expect(
        await db.payment.count({
          where: { checkout: { publicToken: { in: [x.body.token, y.body.token] } } },
        }),
      ).toBe(1);
    }
  });
});
