import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { TEST_API_KEY, type TestEnvironment } from "./test-env";
import { apiRequest, params } from "./upstream-helpers";

// Drives the storefront's own route handlers (imported after setupTestEnvironment) from a lookup
// to a checkout, against the sandbox. The sandbox is reset first: its debt ids are deterministic,
// so a debt paid by an earlier test could not be put in a new checkout.

export const CUSTOMER = {
  name: "Maria da Silva",
  email: "maria.silva@example.com",
  phone: "(31) 98765-4321",
  cpfCnpj: "529.982.247-25",
};

export async function resetSandbox(env: TestEnvironment): Promise<void> {
  await fetch(`${env.sandbox.url}/__sandbox/reset`, {
    method: "POST",
    headers: { "x-api-key": TEST_API_KEY },
  });
  // A reset upstream is a world where nothing was ever charged. Our database must forget the old
  // world's charges too, or "never pay a debt twice" (lib/checkouts/debt-holds.ts) rightly refuses the same
  // deterministic debt ids again. Marked expired rather than deleted: late webhooks still match.
  const { db } = await import("@/lib/db/client");
  await db.payment.updateMany({
    where: { status: { notIn: ["refused", "expired"] } },
    data: { status: "expired" },
  });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A lookup of the sandbox's synchronous-answer vehicle, resolved at once; returns its debts. */
export async function syncLookup(ip = "10.0.0.1") {
  const { POST } = await import("@/app/api/lookups/route");
  const { GET } = await import("@/app/api/lookups/[lookupId]/route");
  const v = SANDBOX_VEHICLES.syncAnswer;
  const res = await POST(
    apiRequest("/api/lookups", {
      body: { uf: v.uf, plate: v.plate, renavam: v.renavam, cpfCnpj: v.cpfCnpj },
      ip,
    }),
  );
  if (res.status !== 201) throw new Error(`lookup failed: ${res.status} ${await res.text()}`);
  const { lookupId } = await json<{ lookupId: string }>(res);
  const view = await json<{
    status: string;
    debts: { id: string; type: string; amountCents: number }[];
  }>(await GET(apiRequest(`/api/lookups/${lookupId}`, { method: "GET" }), params({ lookupId })));
  return { lookupId, view };
}

/**
 * A checkout holding the lookup's first fine, or every debt of the vehicle with `allDebts` (a fine
 * with its AIT, a past year's IPVA and a service fee: none depends on another). `kind: "share"`
 * makes a dispatcher's link; `creatorCookie` is then the creator's cookie ("name=value").
 */
export async function freshCheckout(
  env: TestEnvironment,
  ip = "10.0.0.1",
  opts: { allDebts?: boolean; kind?: "owner" | "share" } = {},
) {
  await resetSandbox(env);
  const { lookupId, view } = await syncLookup(ip);
  const fine = view.debts.find((d) => d.type === "ticket");
  if (!fine) throw new Error("sandbox sync vehicle has no fine");
  const debtIds = opts.allDebts ? view.debts.map((d) => d.id) : [fine.id];
  const { POST } = await import("@/app/api/checkouts/route");
  const res = await POST(
    apiRequest("/api/checkouts", {
      body: { lookupId, debtIds, customer: CUSTOMER, kind: opts.kind ?? "owner" },
      ip,
    }),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${await res.text()}`);
  return {
    lookupId,
    fine,
    creatorCookie: res.headers.get("set-cookie")?.split(";")[0],
    ...(await json<{ token: string; amountCents: number; expiresAt: string }>(res)),
  };
}

/** A checkout paid by card (the sandbox's approving Visa): the attempt's id and the payment's view. */
export async function paidByCard(
  env: TestEnvironment,
  installments: number,
  opts: { allDebts?: boolean } = {},
) {
  const { token, fine } = await freshCheckout(env, "10.0.0.1", opts);
  const attemptId = crypto.randomUUID();
  const res = await pay(token, {
    attemptId,
    method: "credit_card",
    cardToken: await cardToken(token),
    installments,
  });
  if (res.status !== 201) throw new Error(`payment failed: ${res.status} ${await res.text()}`);
  const view = await json<{ ref: string; status: string }>(res);
  if (view.status !== "paid") throw new Error(`expected a paid payment, got ${view.status}`);
  return { token, fine, attemptId, view };
}

export function cardBody(number: string, cvv = "123") {
  return {
    number: number,
    name: SANDBOX_CARD_DEFAULTS.cardholderName,
    expiry: SANDBOX_CARD_DEFAULTS.expirationDate,
    cvv,
  };
}

export async function tokenize(token: string, number: string, ip = "10.0.0.1") {
  const { POST } = await import("@/app/api/checkouts/[token]/card-token/route");
  return POST(
    apiRequest(`/api/checkouts/${token}/card-token`, { body: cardBody(number), ip }),
    params({ token }),
  );
}

/**
 * A card token for the checkout, from the storefront's card-token route. Fails unless the route
 * answered 200, and unless the answer leaves the card number out.
 */
export async function cardToken(
  token: string,
  number: string = SANDBOX_CARDS.visaPaid.number,
): Promise<string> {
  const res = await tokenize(token, number);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`card token: expected 200, got ${res.status} ${text}`);
  if (text.includes(number)) throw new Error("card token: the answer echoes the card number");
  return (JSON.parse(text) as { cardToken: string }).cardToken;
}

/** The body of a new one-installment card attempt on the checkout (tokenized with `card`). */
export async function cardAttempt(
  token: string,
  card: { number: string } = SANDBOX_CARDS.visaPaid,
) {
  return {
    attemptId: crypto.randomUUID(),
    method: "credit_card",
    cardToken: await cardToken(token, card.number),
    installments: 1,
  };
}

/** Pays the checkout by card in one installment: the storefront's status and answer (a payment view or an error). */
export async function payByCard<T = Record<string, unknown>>(
  token: string,
  card: { number: string } = SANDBOX_CARDS.visaPaid,
) {
  const res = await pay(token, await cardAttempt(token, card));
  return { status: res.status, body: await json<T>(res) };
}

export async function pay(token: string, body: Record<string, unknown>, ip = "10.0.0.1") {
  const { POST } = await import("@/app/api/checkouts/[token]/payments/route");
  return POST(apiRequest(`/api/checkouts/${token}/payments`, { body, ip }), params({ token }));
}

export async function readPayment(ref: string) {
  const { GET } = await import("@/app/api/payments/[paymentRef]/route");
  return GET(apiRequest(`/api/payments/${ref}`, { method: "GET" }), params({ paymentRef: ref }));
}
