import { expect, test } from "./support/test";
import { checkPage } from "./support/a11y";
import {
  expectNewPixCode,
  expectStatusPage,
  openCheckout,
  perProject,
  pixCodeField,
} from "./support/flow";
import { expirePix, payPix } from "./support/sandbox";
import { TEST_COMPANY } from "@/lib/env/schema";
import { SANDBOX_PIX_MERCHANT } from "@/lib/sandbox/payments/payment-pix";

test("PIX: QR, copy with feedback, paid by the simulated payer, the page moves on by itself", async ({
  page,
  request,
}, testInfo) => {
  await openCheckout(
    page,
    perProject(
      { scenario: "syncAnswer", slug: "fine-seatbelt" },
      { scenario: "spWithDebts", slug: "ipva-current-parcela-3" },
    ),
  );
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  await expect(page.getByRole("img", { name: /QR Code do PIX/ })).toBeVisible();
  // The PIX answer has no amount: the page shows the total carried by the code itself.
  const amount = page
    .locator("dt", { hasText: /^Valor exato$/ })
    .locator("xpath=following-sibling::dd");
  await expect(amount).toContainText(/R\$\s[\d.]+,\d{2}/);
  // Who receives it (read from the code: EMV field 59, the sandbox's payments company), who sells
  // the service (COMPANY_NAME/COMPANY_CNPJ, the test defaults here), and why they differ.
  const beneficiary = page
    .locator("dt", { hasText: /^Favorecido no código$/ })
    .locator("xpath=following-sibling::dd")
    .first();
  await expect(beneficiary).toHaveText(SANDBOX_PIX_MERCHANT.name);
  const payee = page.getByRole("region", { name: "Quem recebe este PIX, e por quê" });
  await expect(payee).toContainText(`${TEST_COMPANY.name}, CNPJ 45.098.123/0001-45`);
  await expect(payee).toContainText("o favorecido não é o Detran");
  // What the bank app must show: the same beneficiary and the same amount as the page.
  const shown = (await amount.textContent())!.trim();
  await expect(
    page.getByText(
      `Antes de confirmar, confira no app do banco se o favorecido é ${SANDBOX_PIX_MERCHANT.name} e o valor é ${shown}, como nesta página.`,
      { exact: false },
    ),
  ).toBeVisible();
  // And the debts the code pays, with the PIX interest that makes up the rest of the amount.
  const pays = page.getByRole("region", { name: "O que este PIX paga" });
  await expect(pays.getByRole("listitem")).toHaveCount(2);
  await expect(pays).toContainText("Juros do PIX");
  await expect(page.getByRole("timer")).toBeVisible();
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"])
    .catch(() => undefined);
  await page.getByRole("button", { name: "Copiar código PIX" }).click();
  await expect(page.getByText("Copiado!")).toBeVisible();
  if (testInfo.project.name === "phone") {
    // A phone cannot scan its own screen: the copy button comes before the QR.
    const copyBox = await page.getByRole("button", { name: "Copiar código PIX" }).boundingBox();
    const qrBox = await page.getByRole("img", { name: /QR Code do PIX/ }).boundingBox();
    expect(copyBox!.y).toBeLessThan(qrBox!.y);
  }
  await checkPage(page, testInfo, "14-pay-pix"); // with who receives it and why
  await payPix(request, await pixCodeField(page).inputValue());
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
});

test("PIX expired upstream early, then a new code without a tap", async ({
  page,
  request,
}, testInfo) => {
  await openCheckout(
    page,
    perProject(
      { scenario: "syncAnswer", slug: "ipva-previous" },
      { scenario: "spWithDebts", slug: "fine-phone" },
    ),
  );
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const first = await pixCodeField(page).inputValue();
  await expirePix(request, first);
  // Seen by the status poll: the page replaces the code by itself.
  await expectNewPixCode(page, first, 30_000);
  await checkPage(page, testInfo, "15-pay-pix-expired-renewed");
  await expect(pixCodeField(page)).not.toHaveValue("");
  await payPix(request, await pixCodeField(page).inputValue());
  await expectStatusPage(page);
});
