// The sandbox's test-only controls (/__sandbox/*), reached over real HTTP like any partner would.
import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_SANDBOX_PORT } from "../../../playwright.config";

export const SANDBOX_URL = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;
const headers = { "x-api-key": "sk_test_sandbox_default" };

/** The upstream paymentId of a PIX, found by its copy-and-paste code (all a real payer has). */
export async function pixPaymentIdByCode(
  request: APIRequestContext,
  qrCode: string,
): Promise<string> {
  const res = await request.get(`${SANDBOX_URL}/__sandbox/pix/by-code`, {
    headers,
    params: { qrCode },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).paymentId as string;
}

/** The simulated payer pays the PIX. */
export async function payPix(request: APIRequestContext, qrCode: string): Promise<void> {
  const id = await pixPaymentIdByCode(request, qrCode);
  const res = await request.post(`${SANDBOX_URL}/__sandbox/pix/${id}/pay`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

export async function expirePix(request: APIRequestContext, qrCode: string): Promise<void> {
  const id = await pixPaymentIdByCode(request, qrCode);
  const res = await request.post(`${SANDBOX_URL}/__sandbox/pix/${id}/expire`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** Expires upstream every checkout of a plate (the storefront never shows a checkoutId: found by plate). */
export async function expireCheckoutsOfPlate(
  request: APIRequestContext,
  plate: string,
): Promise<void> {
  const list = await request.get(`${SANDBOX_URL}/__sandbox/checkouts`, {
    headers,
    params: { licensePlate: plate },
  });
  expect(list.status(), await list.text()).toBe(200);
  const { checkouts } = (await list.json()) as { checkouts: { checkoutId: string }[] };
  expect(checkouts.length).toBeGreaterThan(0);
  for (const { checkoutId } of checkouts) {
    const res = await request.post(`${SANDBOX_URL}/__sandbox/checkouts/${checkoutId}/expire`, {
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Holds one timeline plate (RDR…) on a day of its story (null lets it go); other plates and the clock are untouched. */
export async function pinTimeline(
  request: APIRequestContext,
  plate: string,
  day: number | null,
): Promise<void> {
  const res = await request.post(`${SANDBOX_URL}/__sandbox/timeline`, {
    headers,
    data: { plate, day },
  });
  expect(res.status(), await res.text()).toBe(200);
}
