import { expect } from "vitest";
import { TEST_API_KEY, type TestEnvironment } from "./test-env";
import { armFault, clearFaults } from "./upstream-helpers";

// A PIX the upstream created whose code never reached us (docs/payment-states.md, `abandoned`),
// made on any checkout: what a storefront killed mid-call leaves, and the same attempt ended
// `abandoned` when the replay of our call fails. The file's environment must make 40 s past the
// call "past the grace" for the sweep (PAYMENT_NOT_FOUND_GRACE_MS 60 s, as pix-lost-code.test.ts).

export const PAYMENT_PATH = "/uvvi/v1/payment";

/** The sandbox's payment for our externalId (its paymentId and its code). */
export function upstreamPix(env: TestEnvironment, externalId: string) {
  return [...env.sandbox.ctx.store.payments.values()].find((p) => p.externalId === externalId);
}

/**
 * What a storefront killed (SIGKILL) during its PIX call leaves: createPayment's row, inserted
 * before the call, and the payment the call made upstream, whose answer nobody stored.
 */
export async function pixLostToACrash(
  env: TestEnvironment,
  checkoutToken: string,
): Promise<{ ref: string; externalId: string }> {
  const { db } = await import("@/lib/db/client");
  const { newPublicToken } = await import("@/lib/security/public-token");
  const checkout = await db.checkout.findUniqueOrThrow({ where: { publicToken: checkoutToken } });
  const externalId = crypto.randomUUID();
  const ref = newPublicToken();
  await db.payment.create({
    data: { externalId, publicRef: ref, checkoutId: checkout.id, method: "pix" },
  });
  const res = await fetch(`${env.sandbox.url}${PAYMENT_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: JSON.stringify({
      checkoutId: checkout.upstreamCheckoutId,
      paymentMethod: "pix",
      externalId,
    }),
  });
  expect(res.status).toBe(201);
  return { ref, externalId };
}

/**
 * The lost PIX ended `abandoned`: our replay of the call fails however often the client retries,
 * and the sweep, past the grace, concludes it. The upstream keeps that PIX open on the checkout.
 */
export async function abandonedPix(
  env: TestEnvironment,
  checkoutToken: string,
): Promise<{ ref: string; externalId: string }> {
  const lost = await pixLostToACrash(env, checkoutToken);
  const { sweepPayments } = await import("@/lib/payments/sweep");
  await armFault(env, { path: PAYMENT_PATH, method: "POST", fault: "server-error", times: 10 });
  try {
    await sweepPayments(new Date(Date.now() + 40_000));
  } finally {
    await clearFaults(env);
  }
  return lost;
}

/** The simulated payer pays the sandbox's PIX (docs/sandbox-payments.md, payer controls). */
export async function payPixUpstream(env: TestEnvironment, paymentId: string): Promise<void> {
  const res = await fetch(`${env.sandbox.url}/__sandbox/pix/${paymentId}/pay`, {
    method: "POST",
    headers: { "x-api-key": TEST_API_KEY },
  });
  expect(res.status).toBe(200);
}
