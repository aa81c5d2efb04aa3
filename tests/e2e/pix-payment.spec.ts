import { expect, test } from "./support/test";
import { checkPage } from "./support/a11y";
import { expectStatusPage, openCheckout, perProject } from "./support/flow";
import { expirePix, payPix } from "./support/sandbox";

const codeField = (page: import("@playwright/test").Page) => page.getByLabel("Código PIX copia e cola");

test("PIX: QR, copy with feedback, paid by the simulated payer, the page moves on by itself", async ({ page, request }, testInfo) => {
  await openCheckout(page, perProject({ scenario: "syncAnswer", slug: "fine-seatbelt" }, { scenario: "spWithDebts", slug: "ipva-current-parcela-3" }));
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  await expect(page.getByRole("img", { name: /QR Code do PIX/ })).toBeVisible();
  await expect(page.getByText("Favorecido")).toBeVisible();
  // The PIX answer has no amount: the page shows the total carried by the code itself.
  await expect(page.locator("dt", { hasText: /^Valor$/ }).locator("xpath=following-sibling::dd")).toContainText(/R\$\s[\d.]+,\d{2}/);
  await expect(page.getByRole("timer")).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => undefined);
  await page.getByRole("button", { name: "Copiar código PIX" }).click();
  await expect(page.getByText("Copiado!")).toBeVisible();
  if (testInfo.project.name === "phone") {
    // A phone cannot scan its own screen: the copy button comes before the QR.
    const copyBox = await page.getByRole("button", { name: "Copiar código PIX" }).boundingBox();
    const qrBox = await page.getByRole("img", { name: /QR Code do PIX/ }).boundingBox();
    expect(copyBox!.y).toBeLessThan(qrBox!.y);
  }
  await checkPage(page, testInfo, "14-pay-pix");
  await payPix(request, await codeField(page).inputValue());
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
});

test("PIX expired, then a new code in one tap", async ({ page, request }, testInfo) => {
  await openCheckout(page, perProject({ scenario: "syncAnswer", slug: "ipva-previous" }, { scenario: "spWithDebts", slug: "fine-phone" }));
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const first = await codeField(page).inputValue();
  await expirePix(request, first);
  await expect(page.getByText("O código PIX expirou")).toBeVisible({ timeout: 20_000 });
  await checkPage(page, testInfo, "15-pay-pix-expired");
  await page.getByRole("button", { name: "Gerar novo código PIX" }).click();
  await expect(codeField(page)).not.toHaveValue(first);
  await expect(codeField(page)).not.toHaveValue("");
  await payPix(request, await codeField(page).inputValue());
  await expectStatusPage(page);
});
