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

// With the workspace link beside "Meus links", the header must not wrap on phones. Each
// header link's text must sit on one line (one client rect per text node), nothing may overflow
// sideways, and the row stays the header's 56 px, from 320 px up (in this machine's wide fallback
// font too). Phone project only: the widths are set here. Screenshot: tests/screenshots/header-<w>-phone.png.
test("the header fits on one line on phones from 320 px, with the links' accessible names", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone widths");
  await page.goto("/");
  const header = page.getByRole("banner");
  for (const width of [320, 360, 375, 390, 412]) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of ["Placa Paga", "Meus links", "Painel do despachante"]) {
      const link = header.getByRole("link", { name, exact: true });
      await expect(link, `${width}px: ${name}`).toBeVisible();
      // A text node that wraps has one client rect per line; a hidden one (display: none) has none.
      const lines = await link.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let most = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          most = Math.max(most, [...range.getClientRects()].filter((r) => r.width > 0).length);
        }
        return most;
      });
      expect(lines, `${width}px: "${name}" on ${lines} lines`).toBe(1);
      expect((await link.boundingBox())!.height, `${width}px: ${name}`).toBeLessThanOrEqual(56);
    }
    const row = header.locator(":scope > div").last();
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(56);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${width}px: sideways scroll`,
    ).toBeLessThanOrEqual(width);
    await header.screenshot({
      path: `tests/screenshots/header-${width}-${testInfo.project.name}.png`,
      animations: "disabled",
    });
  }
  await expect(header.getByRole("link", { name: "Painel do despachante" })).toHaveAttribute(
    "href",
    "/painel",
  );
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(header.getByText("Despachante", { exact: true })).toBeVisible();
});

test("GET /api/health reports the database and the sandbox up", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({
    ok: true,
    environment: "test",
    upstreamMode: "sandbox",
    database: { ok: true },
    upstream: { ok: true },
  });
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
      [
        `/consulta/${lookupId}/pagamento?debts=${free!.id}`,
        ["Ir para o pagamento", "Gerar link de pagamento"],
      ],
      // The card form comes in the HTML: a native submit would put the card number in the URL.
      [`/pagar/${token}`, ["Pagar com cartão"]],
    ];
    for (const [path, buttons] of pages) {
      await page.goto(path);
      for (const name of buttons)
        await expect(page.getByRole("button", { name }), `${path}: ${name}`).toBeDisabled();
    }
  });
});
