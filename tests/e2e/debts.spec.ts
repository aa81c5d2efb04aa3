import { expect, test } from "./support/test";
import { checkPage } from "./support/a11y";
import {
  continueButton,
  fillCustomer,
  lookupViaApi,
  ownFamilyPlate,
  startLookup,
  waitForDebts,
} from "./support/flow";
import { familyVehicle } from "@/lib/sandbox/catalog/family";

test("dependsOn brings debts along and says why; distinct disables with the reason on the item", async ({
  page,
}, testInfo) => {
  await startLookup(page, "withDebts");
  await waitForDebts(page);
  await checkPage(page, testInfo, "08-debts");
  const year = new Date().getFullYear();
  const licensing = page.getByRole("checkbox", { name: new RegExp(`^Licenciamento ${year}`) });
  const cotaUnica = page.getByRole("checkbox", { name: new RegExp(`^IPVA ${year} - Cota única`) });
  const parcela1 = page.getByRole("checkbox", { name: new RegExp(`^IPVA ${year} - Parcela 1/3`) });

  await licensing.check();
  await expect(cotaUnica).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: /^Multa - Avançar sinal vermelho/ }),
  ).toBeChecked();
  await expect(
    page.getByText(new RegExp(`por isso ele também foi selecionado`)).first(),
  ).toBeVisible();

  // Parcelas cannot go with the cota única: disabled, reason written on the item itself.
  await expect(parcela1).toBeDisabled();
  const parcelaItem = page.getByRole("listitem").filter({ has: parcela1 });
  await expect(parcelaItem).toContainText(
    /Não é possível pagar IPVA .* - Parcela 1\/3 junto com IPVA .* - Cota única/,
  );
  await checkPage(page, testInfo, "09-debts-selected");

  // Un-choosing what others depend on takes them out and says so.
  await cotaUnica.uncheck();
  await expect(licensing).not.toBeChecked();
  await expect(
    page.getByText(new RegExp(`Licenciamento ${year} também saiu da seleção`)).first(),
  ).toBeVisible();
  await expect(parcela1).toBeEnabled();

  await page.getByRole("button", { name: "Só multas" }).click();
  // Other tests pay some of this vehicle's fines; the red-light one is never paid by them.
  await expect(
    page.getByRole("checkbox", { name: /^Multa - Avançar sinal vermelho/ }),
  ).toBeChecked();
  await expect(licensing).not.toBeChecked();
  await expect(continueButton(page)).toBeVisible();
});

test("the selection survives going to the payment step and back", async ({ page }) => {
  await startLookup(page, "withDebts");
  await waitForDebts(page);
  const year = new Date().getFullYear();
  const licensing = page.getByRole("checkbox", { name: new RegExp(`^Licenciamento ${year}`) });
  await licensing.check();
  const chosen = await page.getByRole("checkbox", { checked: true }).count();
  expect(chosen).toBeGreaterThan(1);
  await continueButton(page).click();
  await expect(page.getByRole("heading", { name: "Como você quer pagar" })).toBeVisible();

  await page.getByRole("link", { name: "Alterar a seleção" }).click();
  await expect(licensing).toBeChecked();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(chosen);

  // The back button too: the address carries the selection.
  await continueButton(page).click();
  await expect(page.getByRole("heading", { name: "Como você quer pagar" })).toBeVisible();
  await page.goBack();
  await expect(licensing).toBeChecked();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(chosen);
});

test("a total under R$ 5,00: no card installments, the page says where the PIX total appears, and the pay page offers PIX", async ({
  page,
}) => {
  // syncAnswer's R$ 3,50 service fee is never paid by another test (view only, both projects).
  await startLookup(page, "syncAnswer");
  await waitForDebts(page);
  await page.getByRole("checkbox", { name: /^Taxa de serviço/ }).check();
  await continueButton(page).click();
  await expect(page.getByRole("heading", { name: "Como você quer pagar" })).toBeVisible();
  await expect(
    page.getByText("Para valores abaixo de R$ 5,00 não há parcelamento no cartão.", {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);

  // The pay page says the card cannot take this amount, keeps its button off and offers PIX
  // (a checkout is created, nothing is paid: generating a PIX code takes another click).
  await fillCustomer(page);
  await page.getByRole("button", { name: "Ir para o pagamento" }).click();
  await page.waitForURL(/\/pagar\/[^/]+$/);
  const floor = page.getByText("Cartão indisponível para este valor");
  await expect(floor).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar com cartão" })).toBeDisabled();
  await page.getByRole("button", { name: "Pagar com PIX" }).click();
  await expect(page.getByRole("radio", { name: "PIX" })).toBeChecked();
  await expect(page.getByRole("button", { name: "Gerar código PIX" })).toBeVisible();
  await expect(floor).toHaveCount(0);
});

test("a discounted amount says until when it holds, and warns as its last day comes and once it has passed", async ({
  page,
  request,
}, testInfo) => {
  // A generated vehicle of this test's own: nobody else pays its discounted fine (due in 20 days).
  const { lookupId } = await lookupViaApi(request, familyVehicle(ownFamilyPlate())!);
  const fine = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("checkbox", { name: /^Multa - Velocidade até 20%/ }) });
  await page.goto(`/consulta/${lookupId}`);
  await expect(fine).toContainText(
    /Valor com desconto até \d{2}\/\d{2}\/\d{4}\. Depois dessa data o valor muda: o desconto deixa de valer\./,
  );
  const DAY = 86_400_000;
  await page.clock.setFixedTime(new Date(Date.now() + 18 * DAY));
  await page.goto(`/consulta/${lookupId}`);
  await expect(fine).toContainText(
    /O desconto acaba em 2 dias \(\d{2}\/\d{2}\/\d{4}\)\. Pague até essa data para manter este valor/,
  );
  await checkPage(page, testInfo, "08c-debts-discount-ending");
  await page.clock.setFixedTime(new Date(Date.now() + 21 * DAY));
  await page.goto(`/consulta/${lookupId}`);
  await expect(fine).toContainText(
    /O prazo do desconto terminou em \d{2}\/\d{2}\/\d{4}: o valor cobrado agora pode ser outro/,
  );
});
