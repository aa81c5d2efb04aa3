import { expect, test } from "./support/test";
import { checkPage } from "./support/a11y";
import { expectStatusPage, fillCard, openCheckout, ownFamilyPlate } from "./support/flow";
import { payPix } from "./support/sandbox";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";

// docs/payment-states.md, as a payer sees it. The e2e server runs the PRODUCTION status-call
// spacing (31 s; playwright.config.ts sets none): a paid PIX must show within seconds because its
// webhook is confirmed on arrival, not because polls were made frequent. Its not-found grace is
// 5 s and its sweep runs every 2 s, so an unanswered attempt ends within the test (its first poll
// comes 30 s after the call, when a poll may learn something).

test("a PIX paid with the payer's bank shows as paid within 5 s on the payer's phone", async ({
  page,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "phone",
    "the phone payer's path; the desktop one is pix-payment.spec.ts",
  );
  await openCheckout(page, {
    scenario: "withDebts",
    slug: "fine-parking",
    plate: ownFamilyPlate(),
  });
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const code = await page.getByLabel("Código PIX copia e cola").inputValue();
  expect(code).not.toBe("");
  // A person reads the code and pays in the bank app: a few seconds, not zero.
  await page.waitForTimeout(2_500);
  const paidAt = Date.now();
  await payPix(request, code);
  await page.waitForURL(/\/pagamento\/[^/]+$/, { timeout: 5_000 });
  await expect(page.getByText("Pagamento aprovado")).toBeVisible({
    timeout: 5_000 - (Date.now() - paidAt),
  });
  const seconds = (Date.now() - paidAt) / 1000;
  testInfo.annotations.push({
    type: "paid PIX shown after",
    description: `${seconds.toFixed(1)} s`,
  });
  console.log(`[e2e] paid PIX shown on the phone ${seconds.toFixed(1)} s after paying`);
  expect(seconds).toBeLessThan(5);
});

test("a card payment the upstream never answered: the page says until when, then that nothing was charged, and the form pays again", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await openCheckout(page, {
    scenario: "withDebts",
    slug: "fine-parking",
    plate: ownFamilyPlate(),
  });
  await fillCard(page, SANDBOX_CARDS.lost);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expectStatusPage(page);
  await expect(page.getByText("Confirmando o pagamento")).toBeVisible();
  await expect(
    page.getByText(
      /Se ela não confirmar o pagamento até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}, encerramos esta tentativa sem cobrança/,
    ),
  ).toBeVisible();
  // Nothing is paid yet: no debt reads "aguardando baixa" (settlement moves only with paid).
  await expect(page.getByText("Aguardando baixa")).toHaveCount(0);
  await checkPage(page, testInfo, "30-payment-unanswered");

  // The pay page meanwhile (another tab): no second form, and the same deadline.
  const status = page.url();
  const payPage = await page.context().newPage();
  await payPage.goto(`/pagar/${token}`);
  await expect(payPage.getByText("Há um pagamento com cartão em andamento")).toBeVisible();
  await expect(
    payPage.getByText(
      /Se não confirmar até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}, encerramos a tentativa sem cobrança/,
    ),
  ).toBeVisible();
  await expect(payPage.getByLabel("Número do cartão")).toHaveCount(0);
  await payPage.close();
  await expect(page.getByText("Pagamento não realizado")).toBeVisible({ timeout: 75_000 });
  await expect(page.getByText(/nenhum valor foi cobrado/)).toBeVisible();
  await checkPage(page, testInfo, "31-payment-not-created");
  expect(page.url()).toBe(status);

  await page.getByRole("link", { name: "Pagar de novo" }).click();
  await page.waitForURL(/\/pagar\/[^/]+$/);
  await expect(page.getByText("A tentativa anterior não foi realizada")).toBeVisible();
  await checkPage(page, testInfo, "32-pay-again-after-not-created");
  await fillCard(page, SANDBOX_CARDS.visaPaid);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
});
