// Contract: PIX payments (BR Code, PNG, simulated payer, expiry, regeneration) and the expiry of
// checkouts and card tokens, over real HTTP.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { SandboxDebt } from "@/lib/sandbox/context";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { parseBrCode } from "@/lib/sandbox/payments/br-code";
import { SANDBOX_PIX_KEY } from "@/lib/sandbox/payments/payment-pix";
import { startHarness, type Harness } from "@/tests/support/sandbox-payments-harness";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("PIX (controlled expiry)", () => {
  let h: Harness;
  let debts: SandboxDebt[];
  beforeAll(async () => {
    h = await startHarness({ timeScale: 1 / 600 });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    debts = await h.lookup();
  });

  const newCheckout = async (title = "Multa - Estacionar") =>
    (await h.checkout([h.pick(debts, title).id])).body;
  const pix = (checkoutId: string, externalId?: string) =>
    h.post("/uvvi/v1/payment", { checkoutId, paymentMethod: "pix", externalId });
  const statusOf = async (paymentId: string) =>
    (await h.post("/uvvi/v1/payment/status", { paymentId })).body;

  test("awaiting_payment with a valid BR Code for the 1x total, a PNG data URI and expiresAt", async () => {
    const before = Date.now();
    const co = await newCheckout();
    const r = await pix(co.checkoutId);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([
      "expiresAt",
      "paymentId",
      "qrCode",
      "qrCodeImage",
      "status",
      "success",
    ]);
    expect(r.body.status).toBe("awaiting_payment");

    const code = parseBrCode(r.body.qrCode);
    expect(code.crcValid).toBe(true);
    expect(r.body.qrCode).toMatch(/6304[0-9A-F]{4}$/);
    expect(code.fields.get("00")).toBe("01");
    expect(code.merchantAccount.get("00")).toBe("br.gov.bcb.pix");
    expect(code.merchantAccount.get("01")).toBe(SANDBOX_PIX_KEY);
    expect(code.fields.get("52")).toMatch(/^\d{4}$/);
    expect(code.fields.get("53")).toBe("986");
    expect(code.fields.get("58")).toBe("BR");
    expect(code.fields.get("59")?.length).toBeGreaterThan(0);
    expect(code.fields.get("60")?.length).toBeGreaterThan(0);
    expect(code.additionalData.get("05")).toMatch(/^[A-Za-z0-9]{1,25}$/);

    // PIX carries interest: its amount is the 1x card total (documented decision)
    const sim = await h.post("/uvvi/v1/installments", {
      amount: co.amount,
      paymentMethod: "credit_card",
    });
    const oneX = sim.body.installments[0].totalAmount as number;
    expect(oneX).toBeGreaterThan(co.amount);
    expect(code.fields.get("54")).toBe(oneX.toFixed(2));
    expect((await statusOf(r.body.paymentId)).amount).toBe(oneX);

    expect(r.body.qrCodeImage).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(r.body.qrCodeImage.split(",")[1], "base64");
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const expiresAt = Date.parse(r.body.expiresAt); // 30 min / 600 = 3 s
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_000);
    const created = await h.waitFor(() => h.paymentEvents(r.body.paymentId)[0]);
    expect(created).toMatchObject({
      status: "awaiting_payment",
      liquidationStatus: "pending",
      paidAt: null,
      amount: oneX,
    });
  });

  test("the simulated payer pays it: paid, webhooks, settlement; paying twice is a 422", async () => {
    const r = await pix((await newCheckout()).checkoutId);
    const { paymentId } = r.body;
    const paid = await h.post(`/__sandbox/pix/${paymentId}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, paymentId, status: "paid" });
    await h.waitFor(() =>
      h.paymentEvents(paymentId).some((e) => e.liquidationStatus === "settled"),
    );
    expect(h.paymentEvents(paymentId).map((e) => e.status)).toContain("paid");
    const s = await statusOf(paymentId);
    expect(s).toMatchObject({
      status: "paid",
      liquidationStatus: "settled",
      paidAt: paid.body.paidAt,
    });
    expect(s.debts[0].status).toBe("settled");
    expect(s.debts[0].settledAt).toBeTypeOf("string");

    const twice = await h.post(`/__sandbox/pix/${paymentId}/pay`);
    expect(twice.status).toBe(422);
    expect(twice.body.error.details).toMatchObject({ rule: "notAwaitingPayment", status: "paid" });
    expect((await h.post(`/__sandbox/pix/pay_nope/pay`)).status).toBe(404);
  });

  test("an awaiting PIX blocks another payment of its checkout; once expired, a new PIX can be made", async () => {
    const co = await newCheckout();
    const first = await pix(co.checkoutId);
    const blocked = await pix(co.checkoutId);
    expect(blocked.status).toBe(422);
    expect(blocked.body.error.details).toMatchObject({
      rule: "paymentInProgress",
      paymentId: first.body.paymentId,
      status: "awaiting_payment",
    });

    const expired = await h.post(`/__sandbox/pix/${first.body.paymentId}/expire`);
    expect(expired.status).toBe(200);
    expect(expired.body.status).toBe("expired");
    const event = await h.waitFor(() =>
      h.paymentEvents(first.body.paymentId).find((e) => e.status === "expired"),
    );
    expect(event.liquidationStatus).toBe("not_applicable");
    expect((await statusOf(first.body.paymentId)).status).toBe("expired");
    const late = await h.post(`/__sandbox/pix/${first.body.paymentId}/pay`);
    expect(late.status).toBe(422);
    expect(late.body.error.details.rule).toBe("pixExpired");

    const second = await pix(co.checkoutId);
    expect(second.status).toBe(201);
    expect(second.body.paymentId).not.toBe(first.body.paymentId);
    expect(second.body.qrCode).not.toBe(first.body.qrCode);
    expect(parseBrCode(second.body.qrCode).crcValid).toBe(true);
    expect((await h.post(`/__sandbox/pix/${second.body.paymentId}/pay`)).status).toBe(200);
  });

  test("an expired checkout cannot be paid, and its awaiting PIX expires with it", async () => {
    const co = await newCheckout();
    const p = await pix(co.checkoutId);
    const r = await h.post(`/__sandbox/checkouts/${co.checkoutId}/expire`);
    expect(r.status).toBe(200);
    expect((await statusOf(p.body.paymentId)).status).toBe("expired");
    const again = await pix(co.checkoutId);
    expect(again.status).toBe(422);
    expect(again.body.error.details).toMatchObject({
      rule: "checkoutExpired",
      checkoutId: co.checkoutId,
    });
    const card = await h.post("/uvvi/v1/payment", {
      checkoutId: co.checkoutId,
      paymentMethod: "credit_card",
      cardToken: await h.tokenize(SANDBOX_CARDS.visaPaid),
      installments: 1,
    });
    expect(card.status).toBe(422);
    expect((await h.post("/__sandbox/checkouts/chk_nope/expire")).status).toBe(404);
  });

  test("20 concurrent PIX requests with one externalId: one payment, one code", async () => {
    const co = await newCheckout();
    const externalId = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => pix(co.checkoutId, externalId)),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(replies[0]!.body.qrCodeImage).toMatch(/^data:image\/png;base64,/);
  });

  test("a checkout below R$ 5.00 has no card option but can be paid by PIX with interest", async () => {
    const v = SANDBOX_VEHICLES.syncAnswer;
    const sync = await h.post("/uvvi/v1/debts", {
      state: v.uf,
      licensePlate: v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
    });
    const fee = (sync.body.debts as SandboxDebt[]).find((d) => d.amount === 3.5)!;
    const co = await h.checkout([fee.id], v);
    const r = await pix(co.body.checkoutId);
    expect(r.status).toBe(201);
    expect(parseBrCode(r.body.qrCode).fields.get("54")).toBe("3.60"); // 3.50 * 1.0299 = 3.6047
  });
});

describe("natural expiry (short validity windows)", () => {
  let h: Harness;
  let debts: SandboxDebt[];
  beforeAll(async () => {
    h = await startHarness({
      timeScale: 1 / 600,
      paymentTimings: { pixTtl: 150, cardTokenTtl: 100 },
    });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.reset();
    debts = await h.lookup();
  });

  test("an unpaid PIX expires by itself (webhook), and a new one can be made for the checkout", async () => {
    const co = (await h.checkout([h.pick(debts, "Multa - Estacionar").id])).body;
    const first = await h.post("/uvvi/v1/payment", {
      checkoutId: co.checkoutId,
      paymentMethod: "pix",
    });
    const expired = await h.waitFor(
      () => h.paymentEvents(first.body.paymentId).find((e) => e.status === "expired"),
      3_000,
    );
    expect(expired).toMatchObject({ liquidationStatus: "not_applicable", paidAt: null });
    expect((await h.post(`/__sandbox/pix/${first.body.paymentId}/pay`)).status).toBe(422);
    const second = await h.post("/uvvi/v1/payment", {
      checkoutId: co.checkoutId,
      paymentMethod: "pix",
    });
    expect(second.status).toBe(201);
    expect(second.body.status).toBe("awaiting_payment");
  });

  test("a card token expires", async () => {
    const co = (await h.checkout([h.pick(debts, "Multa - Estacionar").id])).body;
    const cardToken = await h.tokenize(SANDBOX_CARDS.visaPaid);
    await new Promise((r) => setTimeout(r, 150));
    const r = await h.post("/uvvi/v1/payment", {
      checkoutId: co.checkoutId,
      paymentMethod: "credit_card",
      cardToken,
      installments: 1,
    });
    expect(r.status).toBe(422);
    expect(r.body.error.details.rule).toBe("tokenExpired");
  });
});

describe("natural checkout expiry", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ timeScale: 1 / 600, paymentTimings: { checkoutTtl: 600 } });
    await h.reset();
  });
  afterAll(() => h.close());

  test("a PIX never outlives its checkout; after expiresAt the checkout cannot be paid", async () => {
    const debts = await h.lookup();
    const co = (await h.checkout([h.pick(debts, "Multa - Estacionar").id])).body;
    const p = await h.post("/uvvi/v1/payment", { checkoutId: co.checkoutId, paymentMethod: "pix" });
    expect(p.body.expiresAt).toBe(co.expiresAt);
    await h.waitFor(
      () => h.paymentEvents(p.body.paymentId).some((e) => e.status === "expired"),
      3_000,
    );
    const again = await h.post("/uvvi/v1/payment", {
      checkoutId: co.checkoutId,
      paymentMethod: "pix",
    });
    expect(again.status).toBe(422);
    expect(again.body.error.details.rule).toBe("checkoutExpired");
  });
});
