import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/create-client";
import type { UpstreamClient } from "@/lib/upstream/client";
import { SANDBOX_CARDS, SANDBOX_CARD_DEFAULTS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";

// Fixture factories for the webhook tests: rows as the lookup and checkout services would have
// written them, with overrides instead of copied literals.

export async function seedLookup(
  db: Db,
  overrides: Partial<{
    externalId: string;
    transactionId: string | null;
    plate: string;
    uf: string;
  }> = {},
) {
  const v = SANDBOX_VEHICLES.withDebts;
  return db.lookup.create({
    data: {
      externalId: overrides.externalId ?? randomUUID(),
      transactionId:
        overrides.transactionId === undefined
          ? String(Math.floor(Math.random() * 1e12))
          : overrides.transactionId,
      uf: overrides.uf ?? v.uf,
      plate: overrides.plate ?? v.plate,
      renavam: v.renavam,
      cpfCnpj: v.cpfCnpj,
    },
  });
}

export async function seedCheckout(
  db: Db,
  lookupId: string,
  upstreamCheckoutId: string = randomUUID(),
  amountCents = 10_000,
) {
  return db.checkout.create({
    data: {
      publicToken: randomUUID(),
      upstreamCheckoutId,
      lookupId,
      amountCents,
      expiresAt: new Date(Date.now() + 86_400_000),
      customerName: "Maria Teste",
      customerEmail: "maria@example.com",
      customerCpfCnpj: "52998224725",
      customerPhone: "31999990000",
      plate: "MGD1E23",
      renavam: "01234567803",
      uf: "MG",
    },
  });
}

export async function seedPayment(
  db: Db,
  overrides: Partial<{
    externalId: string;
    paymentId: string | null;
    transactionId: string | null;
    status: string;
    checkoutId: string;
    method: string;
    createdAt: Date;
  }> = {},
) {
  const checkoutId = overrides.checkoutId ?? (await seedCheckout(db, (await seedLookup(db)).id)).id;
  return db.payment.create({
    data: {
      externalId: overrides.externalId ?? randomUUID(),
      // As createPayment does: the public reference (192 bits) is the only outside address.
      publicRef: randomBytes(24).toString("base64url"),
      paymentId: overrides.paymentId === undefined ? randomUUID() : overrides.paymentId,
      transactionId: overrides.transactionId ?? null,
      checkoutId,
      method: overrides.method ?? "credit_card",
      status: overrides.status ?? "pending",
      createdAt: overrides.createdAt,
    },
  });
}

/**
 * A real payment in the sandbox (sync lookup vehicle -> checkout -> card or PIX), mirrored in our
 * DB as the checkout service would. `answered: false` stores it as if the synchronous answer never
 * came (status pending, no paymentId): only our externalId links the two.
 */
export async function createUpstreamPayment(
  db: Db,
  upstream: UpstreamClient,
  opts: {
    method?: "credit_card" | "pix";
    card?: keyof typeof SANDBOX_CARDS;
    answered?: boolean;
    createdAt?: Date;
  } = {},
) {
  const v = SANDBOX_VEHICLES.syncAnswer;
  const started = await upstream.startDebtLookup({
    state: v.uf,
    licensePlate: v.plate,
    renavam: v.renavam,
    cpfCnpj: v.cpfCnpj,
    externalId: randomUUID(),
  });
  if (started.kind !== "sync") throw new Error("expected the sync lookup vehicle");
  const debt = started.debts.find((d) => d.dependsOn.length === 0);
  if (!debt) throw new Error("no standalone debt");
  const checkout = await upstream.createCheckout({
    debtIds: [debt.id],
    customer: {
      name: "Maria Teste",
      email: "maria@example.com",
      cpfCnpj: "52998224725",
      phone: "31999990000",
    },
    vehicle: { licensePlate: v.plate, renavam: v.renavam, uf: v.uf },
  });
  const lookup = await seedLookup(db, { plate: v.plate, uf: v.uf });
  const row = await seedCheckout(db, lookup.id, checkout.checkoutId, checkout.amountCents);
  const method = opts.method ?? "credit_card";
  // As the checkout service does: our row (with our externalId) exists BEFORE the upstream call,
  // so a webhook that overtakes the synchronous answer still finds its payment.
  const externalId = randomUUID();
  const payment = await seedPayment(db, {
    checkoutId: row.id,
    externalId,
    method,
    paymentId: null,
    createdAt: opts.createdAt,
  });
  let cardToken: string | undefined;
  if (method === "credit_card") {
    const card = SANDBOX_CARDS[opts.card ?? "visaPaid"];
    cardToken = (
      await upstream.tokenizeCard({
        cardNumber: card.number,
        cvv: card.cvv,
        ...SANDBOX_CARD_DEFAULTS,
      })
    ).token;
  }
  const answer = await upstream.createPayment({
    checkoutId: checkout.checkoutId,
    method,
    cardToken,
    installments: cardToken ? 1 : undefined,
    externalId,
  });
  if (answer.kind !== "answered") throw new Error("expected a synchronous answer");
  if (opts.answered ?? true) {
    const { applyPaymentUpdate } = await import("@/lib/payments/apply-update");
    await applyPaymentUpdate(
      payment.id,
      {
        status: answer.status,
        paymentId: answer.paymentId,
        transactionId: answer.transactionId,
        amountCents: answer.amountCents,
        paidAt: answer.paidAt,
      },
      "sync",
    );
  }
  return { payment, answer, debtId: debt.id };
}

/** Clears the sandbox (its test vehicles' debts can be paid only once) and registers `webhookUrl` again. */
export async function resetSandbox(sandboxUrl: string, apiKey: string, webhookUrl: string) {
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  const reset = await fetch(`${sandboxUrl}/__sandbox/reset`, { method: "POST", headers });
  if (!reset.ok) throw new Error(`sandbox reset: ${reset.status}`);
  const reg = await fetch(`${sandboxUrl}/uvvi/v1/webhook-register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: webhookUrl }),
  });
  if (!reg.ok) throw new Error(`webhook register: ${reg.status}`);
}
