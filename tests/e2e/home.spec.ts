import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { checkoutViaApi, lookupViaApi } from "./support/flow";

test("the home page answers in pt-BR with the test-environment banner", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Ambiente de testes")).toBeVisible();
});

test("GET /api/health reports the database and the sandbox up", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, environment: "test", upstreamMode: "sandbox", database: { ok: true }, upstream: { ok: true } });
});

test.describe("before any script runs", () => {
  test.use({ javaScriptEnabled: false });

  // A native submit would put the plate, RENAVAM, CPF or the payer's data in the URL (a GET to the
  // page itself): every action button of a server-rendered form stays disabled until React runs.
  test("every form's action button is disabled", async ({ page }) => {
    const v = SANDBOX_VEHICLES.withDebts;
    const { lookupId, debts } = await lookupViaApi(page.request, v);
    const free = debts.find((d) => d.dependsOn.length === 0);
    expect(free, "a debt with no dependency").toBeTruthy();
    const token = await checkoutViaApi(page.request, lookupId, free!.id);
    const pages: Array<[string, string[]]> = [
      ["/", ["Buscar veículo"]],
      [`/consulta?placa=${v.plate}&uf=${v.uf}`, ["Consultar débitos"]],
      [`/consulta/${lookupId}/pagamento?debts=${free!.id}`, ["Ir para o pagamento", "Gerar link de pagamento"]],
      // The card form comes in the HTML: a native submit would put the card number in the URL.
      [`/pagar/${token}`, ["Pagar com cartão"]],
    ];
    for (const [path, buttons] of pages) {
      await page.goto(path);
      for (const name of buttons) await expect(page.getByRole("button", { name }), `${path}: ${name}`).toBeDisabled();
    }
  });
});
