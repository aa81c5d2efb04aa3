import type { Page, TestInfo } from "@playwright/test";
import { debtId } from "@/lib/sandbox/catalog/debts";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_CARD_DEFAULTS, SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { checkPage } from "./support/a11y";
import {
  checkoutViaApi,
  continueButton,
  CUSTOMER,
  expectHydrated,
  expectStatusPage,
  fillCard,
  fillCustomer,
  fillLookupDocs,
  lookupViaApi,
  ORIGIN_HEADERS,
  ownFamilyPlate,
  waitForDebts,
} from "./support/flow";
import { expect, test } from "./support/test";

// Never pay a debt twice, with two windows as a person would (two browser contexts) on ONE lookup
// of a generated vehicle of this test's own: Y (IPVA parcela 1/3) paid in one; X (previous IPVA +
// cota única), made in the other before Y was paid, refused in words when paid; Z (parcela 2/3,
// the next parcela of the plan already started) still paid. Every new state: screenshot + axe.

const year = Number(
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric" }).format(
    new Date(),
  ),
);
const IN_PARCELAS = `O IPVA ${year} já está sendo pago em parcelas.`;

/** A debt shown as paid / in payment / ruled out, found by its exact title. */
const shownAs = (page: Page, state: string, title: string) =>
  page
    .locator(`[data-availability="${state}"]`)
    .filter({ has: page.getByText(title, { exact: true }) });

const debtBox = (page: Page, title: string) =>
  page.getByRole("checkbox", { name: new RegExp(`^${title.replace(/[/()]/g, "\\$&")}`) });

/** From the debt list (one debt ticked) to the pay page: payment choice, the payer, "Ir para o pagamento". */
async function toPayPage(page: Page, title: string): Promise<void> {
  await debtBox(page, title).check();
  await continueButton(page).click();
  await page.waitForURL(/\/pagamento\?debts=/);
  await fillCustomer(page);
  await page.getByRole("button", { name: "Ir para o pagamento" }).click();
  await page.waitForURL(/\/pagar\/[^/]+$/);
  await expect(page.getByLabel("Parcelas")).toBeEnabled();
}

async function submitPaidCard(page: Page): Promise<void> {
  await fillCard(page, SANDBOX_CARDS.visaPaid);
  await page.getByRole("button", { name: "Pagar com cartão" }).click();
}

async function secondWindow(page: Page, testInfo: TestInfo) {
  const {
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    locale,
    timezoneId,
  } = testInfo.project.use;
  const context = await page.context().browser()!.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    locale,
    timezoneId,
  });
  return { context, page: await context.newPage() };
}

test("two tabs on one lookup: Y paid, X refused saying the IPVA is paid in parcelas, Z paid", async ({
  page,
}, testInfo) => {
  // Three payments and a PIX through the pages of two windows: longer than one flow.
  test.setTimeout(180_000);
  const v = familyVehicle(ownFamilyPlate())!;
  await page.goto(`/consulta?placa=${v.plate}&uf=${v.uf}`);
  await expectHydrated(page, "Consultar débitos");
  await fillLookupDocs(page, v.renavam, v.cpfCnpj);
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await page.waitForURL(/\/consulta\/[^/?]+$/);
  await waitForDebts(page);
  const lookupUrl = page.url();

  const other = await secondWindow(page, testInfo);
  try {
    // Window 2 prepares X (the cota única brings the previous year along) up to its pay page.
    const tab2 = other.page;
    await tab2.goto(lookupUrl);
    await waitForDebts(tab2);
    await toPayPage(tab2, `IPVA ${year} - Cota única`);

    // Window 1 pays Y, parcela 1/3.
    await toPayPage(page, `IPVA ${year} - Parcela 1/3`);
    await submitPaidCard(page);
    await expectStatusPage(page);
    await expect(page.getByText("Pagamento aprovado")).toBeVisible();

    // Window 2 pays X: refused before any charge, the form replaced by the reason in words.
    await submitPaidCard(tab2);
    const refused = tab2
      .getByRole("status")
      .filter({ hasText: "Este link não pode mais ser pago" });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(IN_PARCELAS);
    await expect(refused).toContainText("Nenhum valor foi cobrado");
    await expect(tab2.getByLabel("Número do cartão")).toHaveCount(0);
    await checkPage(tab2, testInfo, "40-double-pay-link-refused");
    // Opened again later, the link says so at once (server-rendered), never offering the form.
    await tab2.reload();
    await expect(tab2.getByText(IN_PARCELAS)).toBeVisible();
    await expect(tab2.getByLabel("Número do cartão")).toHaveCount(0);

    // The old lookup, in window 2: parcela 1/3 "Pago", the cota única ruled out with why, parcela 2/3 still offered.
    await tab2.goto(lookupUrl);
    await waitForDebts(tab2);
    const p1 = shownAs(tab2, "paid", `IPVA ${year} - Parcela 1/3`);
    await expect(p1).toContainText("Pago");
    const cota = shownAs(tab2, "blocked", `IPVA ${year} - Cota única`);
    await expect(cota).toContainText(IN_PARCELAS);
    await expect(debtBox(tab2, `IPVA ${year} - Cota única`)).toHaveCount(0);
    await expect(debtBox(tab2, `IPVA ${year} - Parcela 2/3`)).toBeEnabled();
    await checkPage(tab2, testInfo, "41-double-pay-debt-list");
    // "Tudo" leaves them out.
    await tab2.getByRole("button", { name: "Tudo" }).click();
    await expect(debtBox(tab2, `IPVA ${year} - Parcela 2/3`)).toBeChecked();

    // The payment step of X's old address says it too, before the payer types anything.
    const xDebts = ["ipva-previous", "ipva-current-cota-unica"]
      .map((slug) => debtId(v.plate, slug))
      .join(",");
    await tab2.goto(`${lookupUrl}/pagamento?debts=${xDebts}`);
    await expect(tab2.getByText(IN_PARCELAS)).toBeVisible();
    await checkPage(tab2, testInfo, "42-double-pay-payment-step");

    // Window 1: Z, parcela 2/3, the next parcela of the plan already started, is paid.
    await page.goto(lookupUrl);
    await waitForDebts(page);
    await toPayPage(page, `IPVA ${year} - Parcela 2/3`);
    await submitPaidCard(page);
    await expectStatusPage(page);
    await expect(page.getByText("Pagamento aprovado")).toBeVisible();

    // Window 2 opens a PIX for parcela 3/3 and leaves it unpaid: window 1 sees it "Em pagamento".
    await tab2.goto(lookupUrl);
    await waitForDebts(tab2);
    await toPayPage(tab2, `IPVA ${year} - Parcela 3/3`);
    await tab2.getByRole("radio", { name: "PIX" }).click();
    await tab2.getByRole("button", { name: "Gerar código PIX" }).click();
    await expect(tab2.getByRole("button", { name: "Copiar código PIX" })).toBeVisible();
    await page.goto(lookupUrl);
    await waitForDebts(page);
    await expect(shownAs(page, "in_payment", `IPVA ${year} - Parcela 3/3`)).toContainText(
      "Em pagamento",
    );
    await checkPage(page, testInfo, "43-double-pay-in-payment");
  } finally {
    await other.context.close();
  }
});

test("a despachante's link from an old lookup, opened after the owner paid a parcela: no form, the reason", async ({
  page,
}, testInfo) => {
  const v = familyVehicle(ownFamilyPlate())!;
  const id = (slug: string) => debtId(v.plate, slug);
  const { lookupId } = await lookupViaApi(page.request, v);
  const share = await page.request.post("/api/checkouts", {
    headers: ORIGIN_HEADERS,
    data: {
      lookupId,
      debtIds: [id("ipva-previous"), id("ipva-current-cota-unica")],
      customer: CUSTOMER,
      kind: "share",
    },
  });
  expect(share.status(), await share.text()).toBe(201);
  const link = ((await share.json()) as { token: string }).token;

  // Meanwhile the owner pays parcela 1/3 (through the API: the pages of that flow are tested above).
  const own = await checkoutViaApi(page.request, lookupId, id("ipva-current-parcela-1"));
  const card = SANDBOX_CARDS.visaPaid;
  const tokenized = await page.request.post(`/api/checkouts/${own}/card-token`, {
    headers: ORIGIN_HEADERS,
    data: {
      number: card.number,
      name: SANDBOX_CARD_DEFAULTS.cardholderName,
      expiry: SANDBOX_CARD_DEFAULTS.expirationDate,
      cvv: card.cvv,
    },
  });
  expect(tokenized.status(), await tokenized.text()).toBe(200);
  const { cardToken } = (await tokenized.json()) as { cardToken: string };
  const paid = await page.request.post(`/api/checkouts/${own}/payments`, {
    headers: ORIGIN_HEADERS,
    data: { attemptId: crypto.randomUUID(), method: "credit_card", cardToken, installments: 1 },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await page.goto(`/pagar/${link}`);
  const alert = page.getByRole("status").filter({ hasText: "Este link não pode mais ser pago" });
  await expect(alert).toContainText(IN_PARCELAS);
  await expect(alert).toContainText("Peça um novo link a quem enviou este.");
  await expect(page.getByLabel("Número do cartão")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "PIX" })).toHaveCount(0);
  await checkPage(page, testInfo, "44-double-pay-share-link");

  // The despachante's own page of that link (this browser made it) says so too, and stops offering it.
  await page.goto(`/links/${link}`);
  await expect(page.getByText(IN_PARCELAS)).toBeVisible();
  await expect(page.getByRole("button", { name: "Copiar link" })).toHaveCount(0);
  await checkPage(page, testInfo, "45-double-pay-link-panel");
});
