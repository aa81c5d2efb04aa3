import { expect, test } from "./support/test";
import { formatPlate } from "@/lib/rules/plate";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { checkPage } from "./support/a11y";
import { checkMailboxMessage } from "./support/mailbox";
import { payPix } from "./support/sandbox";
import {
  continueButton,
  expectStatusPage,
  fillCard,
  fillCustomer,
  openCheckout,
  ownFamilyPlate,
  perProject,
  startLookup,
  waitForDebts,
} from "./support/flow";

test("card paid: selection -> cost table -> customer -> card -> receipt with settlement", async ({
  page,
  request,
}, testInfo) => {
  // Each project pays a whole vehicle of its own (the sandbox never charges a debt twice).
  const scenario = testInfo.project.name === "phone" ? "cnpjOwner" : "cotaUnicaOnly";
  const vehicle = SANDBOX_VEHICLES[scenario];
  // The vehicle card's enrichment first, as the home page's plate form does: the status page then names make and model.
  expect((await request.get(`/api/vehicles/${vehicle.plate}?uf=${vehicle.uf}`)).status()).toBe(200);
  await startLookup(page, scenario);
  await waitForDebts(page);
  await page.getByRole("button", { name: "Tudo" }).click();
  await continueButton(page).click();
  await page.waitForURL(/\/pagamento\?debts=/);
  const table = page.getByRole("table", { name: /Custo de cada forma/ });
  await expect(table.getByRole("row")).toHaveCount(14); // header + PIX + 1x..12x
  // The cheapest total is highlighted (PIX and 1x may tie).
  await expect(table.getByText("Menor custo").first()).toBeVisible();
  await checkPage(page, testInfo, "10-payment-choice");
  await fillCustomer(page);
  await page.getByRole("button", { name: "Ir para o pagamento" }).click();
  await page.waitForURL(/\/pagar\/[^/]+$/);
  await expect(page.getByLabel("Parcelas")).toBeEnabled();
  await checkPage(page, testInfo, "11-pay-card");

  // The brand and the CVV hint follow the number as it is typed (small parts of the form that
  // watch the field; the form itself does not re-render per keystroke).
  await page.getByLabel("Número do cartão").fill("378282246310005");
  await expect(page.getByText("Bandeira: American Express")).toBeVisible();
  await expect(page.getByText("4 dígitos", { exact: true })).toBeVisible();
  await fillCard(page, SANDBOX_CARDS.visaPaid, 3);
  await expect(page.getByText("Bandeira: Visa")).toBeVisible();
  await expect(page.getByText("3 dígitos", { exact: true })).toBeVisible();
  // The chosen count's total with interest, before paying.
  await expect(
    page.getByText(/^Total com juros: R\$\u00a0[\d.]+,\d{2} \(juros de R\$\u00a0[\d.]+,\d{2}\)$/),
  ).toBeVisible();
  const pay = page.getByRole("button", { name: "Pagar com cartão" });
  // A double click must not pay twice: the button is disabled while pending.
  await pay.dblclick();
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comprovante" })).toBeVisible();
  await expect(page.getByText("Visa final 1111 em 3x")).toBeVisible();
  // The vehicle paid for, above the debts: plate, make and model, UF.
  const paidFor = page.getByRole("region", { name: "Veículo", exact: true });
  await expect(paidFor).toContainText(formatPlate(vehicle.plate));
  await expect(paidFor).toContainText(`${vehicle.data.marca} ${vehicle.data.modelo}`);
  await expect(paidFor).toContainText(vehicle.uf);
  // The comprovante card gives the interest on its own line, as the PDF and the e-mail do.
  const receipt = page.getByRole("region", { name: "Comprovante", exact: true });
  await expect(receipt.getByText("Juros", { exact: true })).toBeVisible();
  await expect(receipt.getByText("Soma dos débitos", { exact: true })).toBeVisible();
  // What happens next for each debt paid, and the CRLV-e, since licensing is among them.
  const next = page.getByRole("region", { name: "E agora?" });
  await expect(next.getByText("Licenciamento", { exact: true })).toBeVisible();
  await expect(next.getByText("IPVA", { exact: true })).toBeVisible();
  await expect(
    next.getByText(/costuma registrar o pagamento do IPVA em 1 a 3 dias úteis/),
  ).toBeVisible();
  await expect(next.getByText("Documento do veículo (CRLV-e)", { exact: true })).toBeVisible();
  await expect(
    next.getByText(
      new RegExp(
        `quando o Detran-${testInfo.project.name === "phone" ? "PR" : "GO"} registrar o pagamento do licenciamento`,
      ),
    ),
  ).toBeVisible();
  await expect(next.getByText(/não garantidos/)).toBeVisible();
  // Settlement arrives debt by debt; the page keeps polling until every one is "Quitado".
  await expect(
    page.getByText("Todos os débitos foram quitados junto ao órgão de trânsito."),
  ).toBeVisible({ timeout: 45_000 });
  await checkPage(page, testInfo, "12-status-paid");
  // Opened again (a shared or bookmarked link), the page arrives with the receipt in its HTML.
  const html = await (await request.get(page.url())).text();
  expect(html).toContain("Pagamento aprovado");
  expect(html).toContain("Todos os débitos foram quitados junto ao órgão de trânsito.");
  expect(html).not.toContain("Carregando o pagamento");
  // And hydrates as it was sent (the hydrationErrors fixture fails the test on a mismatch),
  // without fetching again what came with the page: a settled payment has nothing left to poll.
  const reads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/payments/")) reads.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Comprovante" })).toBeVisible();
  await page.waitForTimeout(3_000); // past one polling interval (POLL_MS.payment, 2 s)
  expect(reads).toEqual([]);
  // The "Débitos quitados" e-mail this settlement sent, as the mailbox shows it.
  await checkMailboxMessage(page, testInfo, "debts-settled", {
    subject: `Débitos quitados – ${formatPlate(vehicle.plate)}`,
  });
});

test("card refused, then paid by PIX", async ({ page, request }, testInfo) => {
  await openCheckout(
    page,
    perProject(
      { scenario: "withDebts", slug: "ipva-previous" },
      { scenario: "spWithDebts", slug: "fine-phone" },
    ),
  );
  // The page as sent: the method choice, the summary and the card form itself, with no block
  // waiting for code (the installments are asked for once the page runs).
  const html = await (await request.get(page.url())).text();
  expect(html).toContain('aria-label="Forma de pagamento"');
  expect(html).toContain('aria-label="Pagar com cartão de crédito"');
  expect(html).toContain('autoComplete="cc-number"');
  expect(html).toContain("Calculando parcelas…");
  expect(html).not.toContain("Carregando");
  await fillCard(page, SANDBOX_CARDS.refusedByOperator);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expect(page.getByText("Pagamento recusado", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/Tente outro cartão ou pague com PIX/)).toBeVisible();
  // What to try next, and the form keeps what it may: never the card number or the CVV.
  await expect(page.getByText("O que fazer agora")).toBeVisible();
  await expect(page.getByText("Tente outro cartão de crédito.")).toBeVisible();
  await expect(page.getByText(/Fale com o seu banco/)).toBeVisible();
  await expect(page.getByText(/Mantivemos o nome, a validade e as parcelas/)).toBeVisible();
  await expect(page.getByLabel("Número do cartão")).toHaveValue("");
  await expect(page.getByLabel("CVV")).toHaveValue("");
  await expect(page.getByLabel("Nome impresso no cartão")).toHaveValue(
    SANDBOX_CARD_DEFAULTS.cardholderName,
  );
  await expect(page.getByLabel("Validade")).toHaveValue(SANDBOX_CARD_DEFAULTS.expirationDate);
  await checkPage(page, testInfo, "11b-pay-card-refused");
  await page.getByRole("button", { name: "Pagar com PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const code = await page.getByLabel("Código PIX copia e cola").inputValue();
  await payPix(request, code);
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible();
});

test("in analysis, then paid by webhook", async ({ page }, testInfo) => {
  const token = await openCheckout(
    page,
    perProject(
      { scenario: "withDebts", slug: "fine-speed-discount" },
      { scenario: "spWithDebts", slug: "ipva-current-parcela-1" },
    ),
  );
  await fillCard(page, SANDBOX_CARDS.analysisThenPaid);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expectStatusPage(page);
  // The sandbox keeps this card in analysis for 10 s (SANDBOX_ANALYSIS_MS, playwright.config.ts).
  await expect(page.getByText("Pagamento em análise")).toBeVisible();
  await expect(page.getByText("Não pague de novo")).toBeVisible();
  await expect(page.getByText(/se ela aprovar, você pagaria duas vezes/)).toBeVisible();
  await expect(page.getByText(/Costuma terminar em poucos minutos/)).toBeVisible();
  await checkPage(page, testInfo, "13-status-waiting");
  // Back on the pay page meanwhile: no second payment is offered, and it says why.
  const statusUrl = page.url();
  await page.goto(`/pagar/${token}`);
  await expect(page.getByText("Há um pagamento com cartão em andamento")).toBeVisible();
  await expect(page.getByText(/Não pague de novo: acompanhe o pagamento/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar com cartão" })).toHaveCount(0);
  await checkPage(page, testInfo, "13a-pay-card-in-analysis");
  await page.goto(statusUrl);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list").getByText("Em análise").first()).toBeVisible();
});

test("in analysis, then refused: the status page says nothing was charged and what to try next", async ({
  page,
}, testInfo) => {
  // A generated vehicle of this test's own, per project: the review holds its fine for 10 s.
  await openCheckout(page, {
    scenario: "withDebts",
    slug: "fine-parking",
    plate: ownFamilyPlate(),
  });
  await fillCard(page, SANDBOX_CARDS.analysisThenRefused);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento em análise")).toBeVisible();
  await expect(page.getByText("Pagamento recusado", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("O que fazer agora")).toBeVisible();
  await expect(page.getByText("Tente outro cartão de crédito.")).toBeVisible();
  await expect(page.getByText(/^Pague com PIX/)).toBeVisible();
  await checkPage(page, testInfo, "13b-status-refused-after-analysis");
  await page.getByRole("link", { name: "Tentar outro cartão ou PIX" }).click();
  await expect(page).toHaveURL(/\/pagar\//);
});

test("card brands: a Hipercard BIN the library reads as Diners is Hipercard; Diners and Hiper get a clear answer by name", async ({
  page,
}, testInfo) => {
  // A checkout is not a payment: nothing is charged here, so any debt will do.
  await openCheckout(
    page,
    perProject(
      { scenario: "withDebts", slug: "fine-parking" },
      { scenario: "spWithDebts", slug: "fine-phone" },
    ),
  );
  const number = page.getByLabel("Número do cartão");
  await number.fill("3841000000000000");
  await expect(page.getByText("Bandeira: Hipercard")).toBeVisible();
  await fillCard(page, { ...SANDBOX_CARDS.visaPaid, number: "30569309025904" });
  await expect(page.getByText("Diners Club: não aceito")).toBeVisible();
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expect(
    page.getByText(
      "Cartões Diners Club não são aceitos aqui. Use Visa, Mastercard, Elo, American Express ou Hipercard, ou pague com PIX.",
    ),
  ).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await checkPage(page, testInfo, "11c-pay-card-brand-not-accepted");
  await number.fill("6370950000000006");
  await expect(page.getByText("Hiper: não aceito")).toBeVisible();
  // Nothing reached the payment step.
  await expect(page).toHaveURL(/\/pagar\//);
});

test("synchronous timeout is not an error: status page, then paid", async ({ page }) => {
  await openCheckout(
    page,
    perProject(
      { scenario: "withDebts", slug: "fine-parking" },
      { scenario: "spWithDebts", slug: "ipva-current-parcela-2" },
    ),
  );
  await fillCard(page, SANDBOX_CARDS.timeout);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible({ timeout: 45_000 });
});
