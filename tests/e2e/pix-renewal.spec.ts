import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage } from "./support/a11y";
import {
  expectNewPixCode,
  expectStatusPage,
  openCheckout,
  ownFamilyPlate,
  pixCodeField,
} from "./support/flow";
import { pixPaymentIdByCode, SANDBOX_URL } from "./support/sandbox";

// A PIX code that never dies mid-payment. SANDBOX_TIME_SCALE (playwright.config)
// makes a 30-minute code last 18 s: the page is left open until the code expires by itself.

const headers = { "x-api-key": "sk_test_sandbox_default" };

const announcer = (page: Page) => page.locator("p[aria-live='polite'][role='status']");

test("PIX: at expiry a new code for the same checkout replaces the old one by itself; only the new one pays", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const plate = ownFamilyPlate();
  const token = await openCheckout(page, { scenario: "withDebts", slug: "fine-parking", plate });
  const latestRef = async () =>
    (
      (await (await request.get(`/api/checkouts/${token}`)).json()) as {
        latestPayment: { ref: string };
      }
    ).latestPayment.ref;
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  await expect(pixCodeField(page)).not.toHaveValue("");
  const first = await pixCodeField(page).inputValue();
  const firstId = await pixPaymentIdByCode(request, first);
  const oldRef = await latestRef();
  const amount = page
    .locator("dt", { hasText: /^Valor exato$/ })
    .locator("xpath=following-sibling::dd");
  const firstAmount = (await amount.textContent())!.trim();

  // Phones: copy first, the QR below; desktop: the QR first (to the left).
  const copyBox = (await page.getByRole("button", { name: "Copiar código PIX" }).boundingBox())!;
  const qrBox = (await page.getByRole("img", { name: /QR Code do PIX/ }).boundingBox())!;
  if (testInfo.project.name === "phone") expect(copyBox.y).toBeLessThan(qrBox.y);
  else expect(qrBox.x + qrBox.width).toBeLessThanOrEqual(copyBox.x);

  // The visible countdown ticks; the live region does not speak with it.
  const timer = page.getByRole("timer");
  const spoken = await announcer(page).textContent();
  const shown = await timer.textContent();
  await expect(timer).not.toHaveText(shown!);
  expect(await announcer(page).textContent()).toBe(spoken);

  // The renewal request is held a moment so the in-between state can be looked at and checked.
  let renewals = 0;
  await page.route("**/pix/renew", async (route) => {
    renewals += 1;
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await expect(page.getByText("Gerando um novo código PIX")).toBeVisible({ timeout: 30_000 });
  await expect(pixCodeField(page)).toHaveCount(0); // the old code left the screen
  await expect(announcer(page)).toHaveText(/Gerando um novo código/);
  await checkPage(page, testInfo, "16-pay-pix-renewing");

  await expectNewPixCode(page, first, 20_000);
  const second = await pixCodeField(page).inputValue();
  expect(second).not.toBe("");
  await expect(announcer(page)).toHaveText(
    "Novo código PIX gerado. O código anterior não vale mais.",
  );
  await expect(amount).toHaveText(firstAmount); // the same total
  await expect(page.getByText(first)).toHaveCount(0);
  expect(renewals).toBeGreaterThanOrEqual(1);
  await checkPage(page, testInfo, "17-pay-pix-renewed");

  // The payer scans the OLD code anyway: upstream refuses it (it expired before the new one existed).
  const late = await request.post(`${SANDBOX_URL}/__sandbox/pix/${firstId}/pay`, { headers });
  expect(late.status()).toBe(422);
  expect(await late.text()).toContain("pixExpired");
  // The new code pays the same checkout, once.
  const secondId = await pixPaymentIdByCode(request, second);
  expect(
    (await request.post(`${SANDBOX_URL}/__sandbox/pix/${secondId}/pay`, { headers })).status(),
  ).toBe(200);
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
  const list = await request.get(`${SANDBOX_URL}/__sandbox/checkouts`, {
    headers,
    params: { licensePlate: plate },
  });
  const { checkouts } = (await list.json()) as { checkouts: { paidBy: string | null }[] };
  expect(checkouts.filter((c) => c.paidBy)).toEqual([
    { ...checkouts.find((c) => c.paidBy), paidBy: secondId },
  ]);
  expect(
    (await request.post(`${SANDBOX_URL}/__sandbox/pix/${firstId}/pay`, { headers })).status(),
  ).toBe(422);

  // The old code's status page follows the new payment.
  const newRef = await latestRef();
  expect(newRef).not.toBe(oldRef);
  await expect(page).toHaveURL(new RegExp(`/pagamento/${newRef}$`));
  await page.goto(`/pagamento/${oldRef}`);
  await expect(page).toHaveURL(new RegExp(`/pagamento/${newRef}$`));
});
