// Contract: card payments, their webhooks, settlement, idempotency and the status endpoint, over
// real HTTP with a real lookup and a local webhook receiver.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { SandboxDebt, WebhookPayload } from "@/lib/sandbox/context";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS, type SandboxCard } from "@/lib/sandbox/payments/cards-catalog";
import { OTHER_KEY, startHarness, type Harness } from "@/tests/support/sandbox-payments-harness";

const WITHHELD_MS = 300;
let h: Harness;
let debts: SandboxDebt[];

beforeAll(async () => {
  // timeScale 1/600: processing ~17 ms, one debt settled per 100 ms; settlement starts 300 ms
  // after paid (pinned) so a test can read the "pending" state before it moves. The antifraud
  // analysis is pinned at 1 s: at the scaled 50 ms a second request made right after the first
  // one's answer (a card token, then the payment) found the analysis over on a loaded host.
  h = await startHarness({
    timeScale: 1 / 600,
    withheldPaymentMs: WITHHELD_MS,
    paymentTimings: { settlementStart: 300, analysis: 1_000 },
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  debts = await h.lookup();
});

const fine = (title = "Multa - Estacionar") => h.pick(debts, title).id;

async function payWith(
  card: SandboxCard,
  opts: { debtIds?: string[]; installments?: number; externalId?: string } = {},
) {
  const co = await h.checkout(opts.debtIds ?? [fine()]);
  expect(co.status).toBe(201);
  const cardToken = await h.tokenize(card);
  const body = {
    checkoutId: co.body.checkoutId,
    paymentMethod: "credit_card",
    cardToken,
    installments: opts.installments ?? 1,
    externalId: opts.externalId,
  };
  return { checkout: co.body, body, reply: await h.post("/uvvi/v1/payment", body) };
}

/** Emission order, from the sandbox's own delivery log (the receiver may see near-simultaneous ones swapped). */
async function emitted(paymentId: string): Promise<string[]> {
  const r = await fetch(`${h.url}/__sandbox/deliveries?type=payment-status-update`, {
    headers: { "x-api-key": "sk_test_sandbox_default" },
  });
  const { deliveries } = (await r.json()) as { deliveries: { payload: WebhookPayload }[] };
  return deliveries
    .filter((d) => d.payload.paymentId === paymentId)
    .map((d) => `${d.payload.status}/${d.payload.liquidationStatus}`);
}

const received = (paymentId: string) =>
  h.paymentEvents(paymentId).map((e) => `${e.status}/${e.liquidationStatus}`);
const SETTLED = ["paid/pending", "paid/processing", "paid/settled"];

describe("card outcomes from the test-card catalog", () => {
  test.each([
    { name: "visaPaid", card: SANDBOX_CARDS.visaPaid, initial: "paid", sequence: SETTLED },
    {
      name: "mastercardPaid",
      card: SANDBOX_CARDS.mastercardPaid,
      initial: "paid",
      sequence: SETTLED,
    },
    { name: "eloPaid", card: SANDBOX_CARDS.eloPaid, initial: "paid", sequence: SETTLED },
    { name: "amexPaid", card: SANDBOX_CARDS.amexPaid, initial: "paid", sequence: SETTLED },
    {
      name: "hipercardPaid",
      card: SANDBOX_CARDS.hipercardPaid,
      initial: "paid",
      sequence: SETTLED,
    },
    {
      name: "refusedByOperator",
      card: SANDBOX_CARDS.refusedByOperator,
      initial: "refused",
      sequence: ["refused/not_applicable"],
    },
    {
      name: "refusedByAntifraud",
      card: SANDBOX_CARDS.refusedByAntifraud,
      initial: "refused",
      sequence: ["refused/not_applicable"],
    },
    {
      name: "analysisThenPaid",
      card: SANDBOX_CARDS.analysisThenPaid,
      initial: "in_analysis",
      sequence: ["in_analysis/pending", ...SETTLED],
    },
    {
      name: "analysisThenRefused",
      card: SANDBOX_CARDS.analysisThenRefused,
      initial: "in_analysis",
      sequence: ["in_analysis/pending", "refused/not_applicable"],
    },
    {
      name: "processingThenPaid",
      card: SANDBOX_CARDS.processingThenPaid,
      initial: "processing",
      sequence: ["processing/pending", ...SETTLED],
    },
  ])(
    "$name: synchronous $initial, then the webhook sequence",
    async ({ card, initial, sequence }) => {
      const { reply } = await payWith(card, { installments: 3 });
      // the charged amount is the simulated 3x total for the checkout amount (R$ 195.23)
      const simulated = await h.post("/uvvi/v1/installments", {
        amount: 195.23,
        paymentMethod: "credit_card",
      });
      const threeX = simulated.body.installments[2].totalAmount as number;
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body).sort()).toEqual([
        "amount",
        "installments",
        "paidAt",
        "paymentId",
        "status",
        "success",
        "transactionId",
      ]);
      expect(reply.body.status).toBe(initial);
      expect(Number.isInteger(reply.body.transactionId)).toBe(true);
      expect(reply.body.installments).toBe(3);
      expect(reply.body.amount).toBe(threeX);
      expect(reply.body.paidAt === null).toBe(initial !== "paid");

      const { paymentId } = reply.body;
      await h.waitFor(() => received(paymentId).length === sequence.length);
      expect(await emitted(paymentId)).toEqual(sequence);
      expect([...received(paymentId)].sort()).toEqual([...sequence].sort());
      for (const e of h.paymentEvents(paymentId)) {
        expect(Object.keys(e).sort()).toEqual([
          "amount",
          "externalId",
          "liquidationStatus",
          "paidAt",
          "paymentId",
          "status",
          "transactionId",
          "type",
        ]);
        expect(e.transactionId).toBe(reply.body.transactionId);
        expect(e.amount).toBe(threeX);
      }
      const final = sequence.at(-1)!.split("/")[0];
      const status = await h.post("/uvvi/v1/payment/status", { paymentId });
      expect(status.body.status).toBe(final);
      if (final === "refused") {
        expect(status.body.liquidationStatus).toBe("not_applicable");
        expect(status.body.paidAt).toBeNull();
      }
    },
  );

  test("timeout card: answer withheld, sent without status; paid by webhook meanwhile", async () => {
    const pending = payWith(SANDBOX_CARDS.timeout);
    // While the answer is withheld the payment already exists, as processing.
    const first = await h.waitFor(() => h.events((e) => e.type === "payment-status-update")[0]);
    expect(first.status).toBe("processing");
    const during = await h.post("/uvvi/v1/payment/status", { paymentId: first.paymentId });
    expect(during.body.status).toBe("processing");

    const { reply } = await pending;
    expect(reply.ms).toBeGreaterThanOrEqual(WITHHELD_MS - 20);
    expect(reply.body).not.toHaveProperty("status");
    expect(reply.body).not.toHaveProperty("paidAt");
    expect(reply.body.paymentId).toBe(first.paymentId);
    expect(reply.body.transactionId).toBe(first.transactionId);
    const paid = await h.waitFor(() =>
      h.paymentEvents(first.paymentId as string).find((e) => e.status === "paid"),
    );
    expect(paid.paidAt).toBeTypeOf("string");
    await h.waitFor(() => received(first.paymentId as string).includes("paid/settled"));
    expect(await emitted(first.paymentId as string)).toEqual(["processing/pending", ...SETTLED]);
  });

  test("a refused payment leaves the checkout payable with a new token", async () => {
    const { checkout, reply } = await payWith(SANDBOX_CARDS.refusedByOperator);
    expect(reply.body.status).toBe("refused");
    const retry = await h.post("/uvvi/v1/payment", {
      checkoutId: checkout.checkoutId,
      paymentMethod: "credit_card",
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      installments: 1,
    });
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe("paid");
    expect(retry.body.paymentId).not.toBe(reply.body.paymentId);
  });
});

describe("settlement", () => {
  test("liquidationStatus pending -> processing -> settled; every debt settled with its settledAt", async () => {
    const ids = [fine("Multa - Velocidade"), fine("Multa - Estacionar"), fine("Multa - Avançar")];
    const { reply } = await payWith(SANDBOX_CARDS.visaPaid, { debtIds: ids, installments: 12 });
    const { paymentId } = reply.body;
    const start = await h.post("/uvvi/v1/payment/status", { paymentId });
    expect(start.body).toMatchObject({
      status: "paid",
      liquidationStatus: "pending",
      settledAt: null,
    });
    expect(start.body.debts).toEqual(ids.map((id) => ({ id, status: "pending", settledAt: null })));

    await h.waitFor(() => received(paymentId).includes("paid/processing"));
    await h.waitFor(() => received(paymentId).includes("paid/settled"));
    const end = await h.post("/uvvi/v1/payment/status", { paymentId });
    expect(Object.keys(end.body).sort()).toEqual([
      "amount",
      "debts",
      "liquidationStatus",
      "paidAt",
      "paymentId",
      "settledAt",
      "status",
      "success",
    ]);
    expect(end.body.liquidationStatus).toBe("settled");
    expect(end.body.debts.map((d: { id: string }) => d.id)).toEqual(ids);
    const settledAts = end.body.debts.map((d: { status: string; settledAt: string }) => {
      expect(d.status).toBe("settled");
      return Date.parse(d.settledAt);
    });
    // one after the other, the payment settles with its last debt
    expect([...settledAts].sort((a, b) => a - b)).toEqual(settledAts);
    expect(Date.parse(end.body.settledAt)).toBe(Math.max(...settledAts));
    expect(Date.parse(end.body.settledAt)).toBeGreaterThanOrEqual(Date.parse(end.body.paidAt));
  });
});

describe("idempotency by externalId", () => {
  test("20 concurrent requests with one externalId: one payment, one charge", async () => {
    const co = await h.checkout([fine()]);
    const cardToken = await h.tokenize(SANDBOX_CARDS.analysisThenPaid);
    const externalId = randomUUID();
    const body = {
      checkoutId: co.body.checkoutId,
      paymentMethod: "credit_card",
      cardToken,
      installments: 2,
      externalId,
    };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => h.post("/uvvi/v1/payment", body)),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(replies.map((r) => r.body.paymentId)).size).toBe(1);
    expect(new Set(replies.map((r) => r.body.transactionId)).size).toBe(1);
    const paymentId = replies[0]!.body.paymentId as string;
    await h.waitFor(() => received(paymentId).includes("paid/settled"));
    const forThisExternalId = h.events(
      (e) => e.type === "payment-status-update" && e.externalId === externalId,
    );
    expect(new Set(forThisExternalId.map((e) => e.paymentId))).toEqual(new Set([paymentId]));
    expect(await emitted(paymentId)).toEqual(["in_analysis/pending", ...SETTLED]);

    // a replay after the fact returns the same payment with its current status
    const later = await h.post("/uvvi/v1/payment", body);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ paymentId, status: "paid" });
  });

  test("20 concurrent withheld requests: all wait, all get the same answer", async () => {
    const co = await h.checkout([fine()]);
    const cardToken = await h.tokenize(SANDBOX_CARDS.timeout);
    const body = {
      checkoutId: co.body.checkoutId,
      paymentMethod: "credit_card",
      cardToken,
      installments: 1,
      externalId: randomUUID(),
    };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => h.post("/uvvi/v1/payment", body)),
    );
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    for (const r of replies) expect(r.body).not.toHaveProperty("status");
  });

  test("the same externalId with a different request is a 422 conflict, not a second charge", async () => {
    const { body, reply } = await payWith(SANDBOX_CARDS.visaPaid, { externalId: randomUUID() });
    const r = await h.post("/uvvi/v1/payment", { ...body, installments: 2 });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toMatchObject({
      rule: "idempotencyConflict",
      externalId: body.externalId,
    });
    expect(
      (await h.post("/uvvi/v1/payment/status", { externalId: body.externalId })).body.paymentId,
    ).toBe(reply.body.paymentId);
  });

  test("another externalId on a paid checkout: 422 alreadyPaid; on one under analysis: 422 paymentInProgress", async () => {
    const paid = await payWith(SANDBOX_CARDS.visaPaid, { debtIds: [fine("Multa - Velocidade")] });
    const again = await h.post("/uvvi/v1/payment", {
      ...paid.body,
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      externalId: randomUUID(),
    });
    expect(again.status).toBe(422);
    expect(again.body.error.details).toMatchObject({
      rule: "alreadyPaid",
      paymentId: paid.reply.body.paymentId,
    });

    const review = await payWith(SANDBOX_CARDS.analysisThenPaid, {
      debtIds: [fine("Multa - Estacionar")],
    });
    const during = await h.post("/uvvi/v1/payment", {
      ...review.body,
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      externalId: randomUUID(),
    });
    expect(during.status).toBe(422);
    expect(during.body.error.details).toMatchObject({
      rule: "paymentInProgress",
      status: "in_analysis",
    });
  });
});

describe("payment status", () => {
  test("by paymentId, transactionId (integer) and externalId: the same answer", async () => {
    const externalId = randomUUID();
    const { reply } = await payWith(SANDBOX_CARDS.visaPaid, { externalId });
    const byId = await h.post("/uvvi/v1/payment/status", { paymentId: reply.body.paymentId });
    const byTx = await h.post("/uvvi/v1/payment/status", {
      transactionId: reply.body.transactionId,
    });
    const byExt = await h.post("/uvvi/v1/payment/status", { externalId });
    expect(byId.status).toBe(200);
    expect(byId.body.success).toBe(true);
    expect(byTx.body).toEqual(byId.body);
    expect(byExt.body).toEqual(byId.body);
    expect(byId.body.amount).toBe(reply.body.amount);
    expect(byId.body.paidAt).toBe(reply.body.paidAt);
  });

  test("404 shape B for unknown ids and for another key's payment", async () => {
    const { reply } = await payWith(SANDBOX_CARDS.visaPaid);
    for (const body of [
      { paymentId: "pay_nope" },
      { transactionId: 1 },
      { externalId: randomUUID() },
    ]) {
      const r = await h.post("/uvvi/v1/payment/status", body);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("NOT_FOUND");
    }
    expect(
      (await h.post("/uvvi/v1/payment/status", { paymentId: reply.body.paymentId }, OTHER_KEY))
        .status,
    ).toBe(404);
  });

  test("400 unless exactly one identifier is sent", async () => {
    expect((await h.post("/uvvi/v1/payment/status", {})).status).toBe(400);
    const two = await h.post("/uvvi/v1/payment/status", { paymentId: "x", externalId: "y" });
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("payment request errors", () => {
  const base = async () => ({
    checkoutId: (await h.checkout([fine()])).body.checkoutId,
    paymentMethod: "credit_card",
    installments: 1,
  });

  test("404 for an unknown checkout", async () => {
    const r = await h.post("/uvvi/v1/payment", { checkoutId: "chk_nope", paymentMethod: "pix" });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: "NOT_FOUND", details: { checkoutId: "chk_nope" } });
  });

  test.each([
    ["unsupported method", { paymentMethod: "boleto" }, "paymentMethod"],
    ["card without token", { cardToken: undefined }, "cardToken"],
    ["card without installments", { installments: undefined }, "installments"],
    ["13 installments", { installments: 13 }, "installments"],
    ["externalId not a UUID", { externalId: "abc" }, "externalId"],
  ])("400 %s", async (_name, overrides, field) => {
    const body = {
      ...(await base()),
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      ...overrides,
    };
    const r = await h.post("/uvvi/v1/payment", body);
    expect(r.status).toBe(400);
    expect(r.body.error.details.fields[field]).toBeTypeOf("string");
  });

  test("422 for unknown, reused and foreign tokens", async () => {
    const unknown = await h.post("/uvvi/v1/payment", { ...(await base()), cardToken: "tok_nope" });
    expect(unknown.body.error.details.rule).toBe("invalidToken");

    const token = await h.tokenize(SANDBOX_CARDS.refusedByOperator);
    const first = await h.post("/uvvi/v1/payment", { ...(await base()), cardToken: token });
    expect(first.body.status).toBe("refused");
    // a token is single-use, even after a refusal
    const reused = await h.post("/uvvi/v1/payment", { ...(await base()), cardToken: token });
    expect(reused.status).toBe(422);
    expect(reused.body.error.details.rule).toBe("tokenAlreadyUsed");

    const foreign = await h.post("/uvvi/v1/payment", {
      ...(await base()),
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid, OTHER_KEY),
    });
    expect(foreign.body.error.details.rule).toBe("invalidToken");
  });

  test("422 for an installment count above the maximum for the checkout amount", async () => {
    // syncAnswer's service fee (R$ 3.50) is below 5.00: no card option at all
    const sync = await h.post("/uvvi/v1/debts", {
      state: SANDBOX_VEHICLES.syncAnswer.uf,
      licensePlate: SANDBOX_VEHICLES.syncAnswer.plate,
      renavam: SANDBOX_VEHICLES.syncAnswer.renavam,
      cpfCnpj: SANDBOX_VEHICLES.syncAnswer.cpfCnpj,
    });
    const fee = (sync.body.debts as SandboxDebt[]).find((d) => d.amount === 3.5)!;
    const co = await h.checkout([fee.id], SANDBOX_VEHICLES.syncAnswer);
    const r = await h.post("/uvvi/v1/payment", {
      checkoutId: co.body.checkoutId,
      paymentMethod: "credit_card",
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      installments: 1,
    });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toMatchObject({ rule: "installments", requested: 1, max: 0 });
  });
});
