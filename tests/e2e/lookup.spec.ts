import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES, UNKNOWN_PLATE } from "@/lib/sandbox/catalog/vehicles";
import { checkPage } from "./support/a11y";
import { expectHydrated, fillLookupDocs, lookupViaApi, startLookup } from "./support/flow";

test("plate -> vehicle card -> lookup form prefilled", async ({ page }, testInfo) => {
  const v = SANDBOX_VEHICLES.withDebts;
  await page.goto("/");
  await expectHydrated(page, "Buscar veículo");
  await checkPage(page, testInfo, "01-home");
  await page.getByLabel("Placa", { exact: true }).fill(v.plate.toLowerCase());
  await page.getByRole("button", { name: "Buscar veículo" }).click();
  const card = page.getByRole("region", { name: `${v.data.marca} ${v.data.modelo}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${v.data.anoFabricacao}/${v.data.anoModelo}`);
  await expect(card).toContainText("Nenhuma restrição");
  await checkPage(page, testInfo, "02-home-vehicle");
  await page.getByRole("link", { name: /consultar débitos/ }).click();
  await expect(page.getByLabel("Placa", { exact: true })).toHaveValue(v.plate);
  await expect(page.getByLabel("UF")).toHaveValue(v.uf);
  await checkPage(page, testInfo, "03-lookup-form");
});

test("enrichment 404, then the person continues by typing the data", async ({ page }) => {
  await page.goto("/");
  await expectHydrated(page, "Buscar veículo");
  await page.getByLabel("Placa", { exact: true }).fill(UNKNOWN_PLATE);
  await page.getByRole("button", { name: "Buscar veículo" }).click();
  await expect(page.getByText("Não encontramos os dados deste veículo pela placa")).toBeVisible();
  await page.getByRole("link", { name: "Continuar informando os dados" }).click();
  await expect(page.getByLabel("Placa", { exact: true })).toHaveValue(UNKNOWN_PLATE);
  await expectHydrated(page, "Consultar débitos");
  await page.getByLabel("UF").selectOption("MG");
  const someone = SANDBOX_VEHICLES.withDebts;
  await fillLookupDocs(page, someone.renavam, someone.cpfCnpj);
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await page.waitForURL(/\/consulta\/[^/?]+$/);
  await expect(page.getByText("Veículo não encontrado")).toBeVisible({ timeout: 30_000 });
});

test("the lookup form checks the owner document before sending", async ({ page }) => {
  await page.goto(`/consulta?placa=${SANDBOX_VEHICLES.withDebts.plate}&uf=MG`);
  await expectHydrated(page, "Consultar débitos");
  await fillLookupDocs(page, "12345678901", "111.111.111-11");
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await expect(page.getByText("CPF inválido. Confira os números.")).toBeVisible();
  await expect(page).toHaveURL(/\/consulta\?/);
  // Typed data is kept on a validation error.
  await expect(page.getByLabel("CPF ou CNPJ do proprietário")).toHaveValue("111.111.111-11");
});

test.describe("SP maintenance notice, from the browser's clock", () => {
  test("shown between 00h and 07h in São Paulo, before submitting", async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date("2026-03-10T03:30:00-03:00"));
    await page.goto("/consulta?placa=SPD4321&uf=SP");
    await expect(page.getByText("Detran-SP em manutenção agora")).toBeVisible();
    await expect(
      page.getByText(/A consulta volta hoje às 7h \(daqui a 3 h 30 min\)/),
    ).toBeVisible();
    await checkPage(page, testInfo, "04-lookup-form-sp-maintenance");
    await page.getByLabel("UF").selectOption("RJ");
    await expect(page.getByText("Detran-SP em manutenção agora")).toBeHidden();
  });

  test("not shown at 10h", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-03-10T10:00:00-03:00"));
    await page.goto("/consulta?placa=SPD4321&uf=SP");
    await expect(page.getByLabel("RENAVAM")).toBeVisible();
    await expect(page.getByText("Detran-SP em manutenção agora")).toBeHidden();
  });
});

test("no debts", async ({ page }, testInfo) => {
  await startLookup(page, "noDebts");
  await expect(page.getByText("Nenhum débito encontrado")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Consultado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole("region", { name: "O que esta consulta cobre" })).toContainText(
    "Detran-PR (Paraná)",
  );
  await checkPage(page, testInfo, "05-lookup-no-debts");
});

test("vehicle not found by the authority", async ({ page }, testInfo) => {
  await startLookup(page, "notFoundInLookup");
  await expect(page.getByText("Veículo não encontrado")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Corrigir os dados" })).toBeVisible();
  await checkPage(page, testInfo, "06-lookup-not-found");
});

const AUTHORITY = [
  ["authority900", "O sistema do órgão de trânsito está fora do ar"],
  ["authority901", "O órgão de trânsito demorou demais para responder"],
  ["authority902", "O órgão de trânsito devolveu dados inconsistentes"],
  ["authority903", "O órgão de trânsito está em manutenção"],
] as const;

for (const [scenario, title] of AUTHORITY) {
  test(`authority error ${scenario.slice(-3)} in plain words, with a retry`, async ({
    page,
  }, testInfo) => {
    await startLookup(page, scenario);
    await expect(page.getByText(title)).toBeVisible({ timeout: 30_000 });
    if (scenario === "authority900") await checkPage(page, testInfo, "07-lookup-authority-error");
    const firstUrl = page.url();
    await page.getByRole("button", { name: "Tentar de novo" }).click();
    // The retry is a new lookup at its own URL, which meets the same answer again.
    await expect(page).not.toHaveURL(firstUrl);
    await expect(page.getByText(title)).toBeVisible({ timeout: 30_000 });
  });
}

test("a lookup whose result never comes is shown as taking longer than usual, with a retry", async ({
  page,
}, testInfo) => {
  // The e2e server shows "delayed" after LOOKUP_DELAYED_AFTER_MS (4 s, playwright.config.ts).
  await startLookup(page, "lookupNeverAnswers");
  await expect(page.getByText(/Consultando os débitos de/)).toBeVisible();
  await expect(page.getByText("Está demorando mais que o normal")).toBeVisible({ timeout: 30_000 });
  await checkPage(page, testInfo, "07b-lookup-delayed");
  const firstUrl = page.url();
  await page.getByRole("button", { name: "Consultar de novo" }).click();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page.getByText(/Consultando os débitos de|Ainda consultando/).first()).toBeVisible();
});

test("enrichment 503, then the person continues by typing the data", async ({ page }) => {
  const v = SANDBOX_VEHICLES.enrichmentDown;
  await page.goto("/");
  await expectHydrated(page, "Buscar veículo");
  await page.getByLabel("Placa", { exact: true }).fill(v.plate);
  await page.getByRole("button", { name: "Buscar veículo" }).click();
  await expect(page.getByText("O cadastro de veículos não respondeu agora")).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("link", { name: "Continuar informando os dados" }).click();
  await expect(page.getByLabel("Placa", { exact: true })).toHaveValue(v.plate);
  await expectHydrated(page, "Consultar débitos");
  await page.getByLabel("UF").selectOption(v.uf);
  await fillLookupDocs(page, v.renavam, v.cpfCnpj);
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await page.waitForURL(/\/consulta\/[^/?]+$/);
  // That authority is down for lookups too (catalog): the result is error 900, in plain words.
  await expect(page.getByText("O sistema do órgão de trânsito está fora do ar")).toBeVisible({
    timeout: 30_000,
  });
});

test("a lookup's page arrives drawn: its debts are in the HTML; an unknown lookup or payment is a 404 page", async ({
  page,
  request,
}) => {
  const { lookupId } = await lookupViaApi(request, SANDBOX_VEHICLES.withDebts);
  const view = (await (await request.get(`/api/lookups/${lookupId}`)).json()) as {
    debts: { id: string; title: string; dependsOn: string[] }[];
  };
  expect(view.debts.length).toBeGreaterThan(0);
  // The HTML as sent, before any script runs: no "Carregando" block, no second round trip to draw it.
  const res = await request.get(`/consulta/${lookupId}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("Seleção rápida");
  for (const debt of view.debts) expect(html).toContain(escapeHtml(debt.title));
  expect(html).not.toContain("Carregando a consulta");
  // So does the next step, with the chosen debt and the payer's form.
  const choice = await (
    await request.get(`/consulta/${lookupId}/pagamento?debts=${view.debts[0]!.id}`)
  ).text();
  expect(choice).toContain("Dados de quem paga");
  expect(choice).toContain(escapeHtml(view.debts[0]!.title));

  // Opened in the browser with a selection in its address, it hydrates as sent (the
  // hydrationErrors fixture fails the test on a mismatch) and keeps the selection.
  const free = view.debts.find((d) => d.dependsOn.length === 0)!;
  await page.goto(`/consulta/${lookupId}?debts=${free.id}`);
  await expect(page.getByRole("link", { name: "Continuar" }).first()).toHaveAttribute(
    "href",
    `/consulta/${lookupId}/pagamento?debts=${free.id}`,
  );

  for (const path of [
    "/consulta/00000000-0000-4000-8000-000000000000",
    "/consulta/00000000-0000-4000-8000-000000000000/pagamento?debts=x",
    "/pagamento/cmnotapayment000000000000",
    "/pagamento/not%20a%20ref",
  ]) {
    const missing = await page.goto(path);
    expect(missing?.status(), path).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Página não encontrada" }),
    ).toBeVisible();
  }
});

test("the result says when it was made and what it covers; after 24 h it is old and offers a fresh lookup before paying", async ({
  page,
  request,
}, testInfo) => {
  const { lookupId, debts } = await lookupViaApi(request, SANDBOX_VEHICLES.withDebts);
  const free = debts.find((d) => d.dependsOn.length === 0)!;
  await page.goto(`/consulta/${lookupId}`);
  await expect(page.getByText(/^Consultado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
  const coverage = page.getByRole("region", { name: "O que esta consulta cobre" });
  await expect(coverage).toContainText("Detran-MG (Minas Gerais), o órgão estadual de trânsito");
  await expect(coverage).toContainText("pelo DER, pela PRF (rodovias federais) ou pelo DNIT");
  await expect(coverage).toContainText("Carteira Digital de Trânsito");
  await expect(page.getByText("Esta consulta pode estar desatualizada")).toBeHidden();
  await checkPage(page, testInfo, "08a-debts-coverage");

  // A day and an hour later on the browser's clock (LOOKUP_MAX_AGE_HOURS defaults to 24).
  await page.clock.setFixedTime(new Date(Date.now() + 25 * 3_600_000));
  await page.goto(`/consulta/${lookupId}`);
  const old = page.getByText("Esta consulta pode estar desatualizada");
  await expect(old).toBeVisible();
  await expect(page.getByText(/O resultado tem mais de 1 dia\./)).toBeVisible();
  await checkPage(page, testInfo, "08b-debts-old");
  // The payment step, the last one before a checkout exists, says so too.
  await page.goto(`/consulta/${lookupId}/pagamento?debts=${free.id}`);
  await expect(old).toBeVisible();
  await checkPage(page, testInfo, "10a-payment-choice-old");
  // A fresh lookup with the same data, at its own address.
  await page.getByRole("button", { name: "Consultar de novo agora" }).click();
  await page.waitForURL(
    (url) => /^\/consulta\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(lookupId),
  );
});

/** How React writes text into HTML. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}
