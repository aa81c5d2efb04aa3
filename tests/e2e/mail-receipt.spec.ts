import { expect, test } from "./support/test";
import { expectStatusPage, openCheckout, ownFamilyPlate } from "./support/flow";
import { payPix } from "./support/sandbox";
import { checkMailboxMessage } from "./support/mailbox";

// A PIX paid on a phone (and on a desktop), with the code asked by e-mail; then the test environment's
// mailbox page shows the PIX e-mail and the "payment approved" receipt with the amount and debts.
// The plate is this test's own, so the subjects found are this payment's, not another test's.

test("PIX, then the mailbox shows the code e-mail and the receipt with amount and debts", async ({
  page,
  request,
}, testInfo) => {
  const plate = ownFamilyPlate();
  await openCheckout(page, { scenario: "withDebts", slug: "fine-parking", plate });
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByLabel("Enviar o código PIX por e-mail").check();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const code = page.getByLabel("Código PIX copia e cola");
  await expect(code).not.toHaveValue("");
  const amount = (await page
    .locator("dt", { hasText: /^Valor exato$/ })
    .locator("xpath=following-sibling::dd")
    .textContent())!.trim();
  const pays = page.getByRole("region", { name: "O que este PIX paga" });
  const debtTitle = (await pays
    .getByRole("listitem")
    .first()
    .locator("span")
    .first()
    .textContent())!.trim();
  await payPix(request, await code.inputValue());
  await expectStatusPage(page);

  // Delivery is asynchronous (the outbox worker, then SMTP): reload until both have arrived.
  await page.goto("/dev/mailbox");
  const pixMail = page.getByRole("link", { name: new RegExp(`Seu código PIX de .* – ${plate}`) });
  const receipt = page.getByRole("link", { name: new RegExp(`Pagamento aprovado: .* – ${plate}`) });
  await expect(async () => {
    await page.reload();
    await expect(pixMail).toBeVisible({ timeout: 1_000 });
    await expect(receipt).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  const figures = amount.split(/\s/).pop()!; // "123,45": R$ and its no-break space aside
  await expect(receipt).toContainText(figures);
  await receipt.click();
  const body = page.frameLocator('iframe[title="Versão HTML do e-mail"]');
  await expect(body.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible();
  await expect(body.locator("body")).toContainText(figures);
  await expect(body.locator("body")).toContainText(debtTitle);
  await expect(page.getByText("Forma de pagamento: PIX")).toBeVisible();
  await expect(page.locator("pre")).not.toContainText("52998224725");
  // The PIX e-mail itself, as people read it (the receipt is checked the same way in workspace-links).
  await checkMailboxMessage(page, testInfo, "pix-instructions", {
    subject: new RegExp(`Seu código PIX de .* – ${plate}`),
  });
});
