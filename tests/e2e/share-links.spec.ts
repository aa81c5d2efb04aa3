import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { devices, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { expect, test } from "./support/test";
import { E2E_PORT } from "../../playwright.config";
import { checkPage, expectNoAxeViolations } from "./support/a11y";
import { createShareLink, CUSTOMER, expectStatusPage, ORIGIN_HEADERS } from "./support/flow";
import { expireCheckoutsOfPlate, payPix } from "./support/sandbox";
import { E2E_DB_FILE } from "./support/workspace";

// A dispatcher's share links. Each test pays or expires the debts of a TST plate of its
// own (lib/sandbox/catalog/family.ts), so no test touches another's.

const noPaymentForm = async (page: Page) => {
  await expect(page.getByRole("radiogroup", { name: "Forma de pagamento" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Pagar com cartão|Gerar código PIX/ })).toHaveCount(
    0,
  );
};

test("dispatcher shares a link, a client pays it by PIX on a phone, Meus links shows it paid without a reload", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "desktop",
    "two contexts by design: dispatcher on desktop, client on a phone",
  );
  const plate = "TST7L01";
  const token = await createShareLink(page, plate);
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 192 random bits, our own handle
  const url = `http://localhost:${E2E_PORT}/pagar/${token}`;

  // The dispatcher's view: copy, WhatsApp text, QR.
  await expect(
    page.getByRole("heading", { level: 1, name: "Link de pagamento pronto" }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Link de pagamento" })).toHaveValue(url);
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"])
    .catch(() => undefined);
  await page.getByRole("button", { name: "Copiar link" }).click();
  await expect(page.getByText("Copiado!")).toBeVisible();
  const whatsapp = new URL(
    (await page.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href"))!,
  );
  expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
  const message = whatsapp.searchParams.get("text")!;
  expect(message).toContain(`veículo ${plate}`);
  expect(message).toMatch(/R\$\s?\d/);
  expect(message).toMatch(/vale até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  expect(message).toContain(url);
  await expect(page.getByRole("img", { name: "QR Code do link de pagamento" })).toBeVisible();
  await checkPage(page, testInfo, "20-link-dispatcher");

  // "Meus links", opened once and never reloaded: a marker on window survives only without a reload.
  await page.getByRole("link", { name: "Ver meus links" }).click();
  await page.waitForURL(/\/links$/);
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  const item = page.getByRole("listitem", { name: new RegExp(plate) });
  await expect(item.getByText("Aguardando pagamento")).toBeVisible();

  // The client: a phone, a context of its own (no cookies), the link as received.
  const client = await browser.newContext({
    ...devices["Pixel 7"],
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  try {
    const phone = await client.newPage();
    const response = await phone.goto(url);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(
      phone.getByRole("heading", { name: `Pagamento para ${CUSTOMER.name}` }),
    ).toBeVisible();
    await expect(phone.getByText("***.982.247-**", { exact: true })).toBeVisible(); // CPF 529.982.247-25, masked
    expect(await phone.content()).not.toMatch(/529\.?982\.?247-?25|maria@example|987654321/);
    await expect(phone.getByText("ma***@example.com")).toBeVisible();
    await expect(phone.getByText("(11) *****-4321")).toBeVisible();
    await expect(phone.getByRole("table", { name: /Custo de cada forma/ })).toBeVisible();
    await expect(phone.getByRole("timer")).toBeVisible();
    await phone.screenshot({
      path: "tests/screenshots/21-share-page-client-phone.png",
      fullPage: true,
      animations: "disabled",
    });
    await expectNoAxeViolations(phone);
    // The client's browser never sees the dispatcher's panel.
    expect((await phone.goto(`http://localhost:${E2E_PORT}/links/${token}`))?.status()).toBe(404);
    await phone.goto(url);

    await phone.getByRole("radio", { name: "PIX" }).click();
    await phone.getByRole("button", { name: "Gerar código PIX" }).click();
    await payPix(request, await phone.getByLabel("Código PIX copia e cola").inputValue());
    await expectStatusPage(phone);
    await expect(phone.getByText("Pagamento aprovado")).toBeVisible();

    // Paid: the link shows the receipt, never a second payment form.
    await phone.goto(url);
    await expect(phone.getByText("Este pagamento já foi feito")).toBeVisible();
    await expect(
      phone.getByRole("link", { name: "Ver comprovante e acompanhamento" }),
    ).toBeVisible();
    await noPaymentForm(phone);
  } finally {
    await client.close();
  }

  await expect(item.getByText("Pago", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(item.getByRole("link", { name: "Ver comprovante" })).toBeVisible();
  await expect(
    item.getByText(/débitos? quitados?|Quitado|Aguardando baixa|Baixa em andamento/).first(),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await checkPage(page, testInfo, "22-my-links-paid");

  // Tokens stay out of the logs: the access log names route patterns, never paths.
  await new Promise((r) => setTimeout(r, 500));
  const log = readFileSync(`data/e2e-server-${E2E_PORT}.log`, "utf8");
  expect(log).toContain("GET /api/checkouts/[token]");
  expect(log.includes(token), "the share token appears in the server log").toBe(false);
});

/**
 * What a PIX whose code never reached us leaves (docs/payment-states.md, `abandoned`): the PIX open
 * upstream on the checkout, our attempt ended with no code. Made here from a real PIX by ending our
 * row as the sweep does (tests/integration/shared-link-repay.test.ts makes it the sandbox's way).
 */
function endWithoutCode(paymentRef: string): void {
  const sqlite = new Database(E2E_DB_FILE, { fileMustExist: true, timeout: 10_000 });
  try {
    const ended = sqlite
      .prepare(
        "UPDATE Payment SET status = 'abandoned', pixCode = NULL, pixExpiresAt = NULL WHERE publicRef = ?",
      )
      .run(paymentRef);
    expect(ended.changes).toBe(1);
  } finally {
    sqlite.close();
  }
}

test("a shared link whose PIX code never reached us: its payer makes a new payment and pays it at once; the old link points to it", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "desktop",
    "two contexts by design: dispatcher on desktop, client on a phone",
  );
  const plate = "TST7L08";
  const token = await createShareLink(page, plate);
  const lost = await request.post(`/api/checkouts/${token}/payments`, {
    headers: ORIGIN_HEADERS,
    data: { attemptId: crypto.randomUUID(), method: "pix" },
  });
  expect(lost.status(), await lost.text()).toBe(201);
  endWithoutCode(((await lost.json()) as { ref: string }).ref);

  const client = await browser.newContext({
    ...devices["Pixel 7"],
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  try {
    const phone = await client.newPage();
    const url = `http://localhost:${E2E_PORT}/pagar/${token}`;
    await phone.goto(url);
    await expect(phone.getByText("O código PIX não pôde ser mostrado")).toBeVisible();
    await noPaymentForm(phone);
    await phone.getByRole("button", { name: "Gerar novo pagamento" }).click();
    await phone.waitForURL((u) => u.pathname.startsWith("/pagar/") && !u.pathname.endsWith(token));
    const fresh = new URL(phone.url()).pathname.split("/").pop()!;

    // The new link is paid at once, by PIX.
    await phone.getByRole("radio", { name: "PIX" }).click();
    await phone.getByRole("button", { name: "Gerar código PIX" }).click();
    await payPix(request, await phone.getByLabel("Código PIX copia e cola").inputValue());
    await expectStatusPage(phone);
    await expect(phone.getByText("Pagamento aprovado")).toBeVisible();

    // The old link, opened again, points to the new payment instead of offering another.
    await phone.goto(url);
    await expect(phone.getByText("Estes débitos foram pagos por um novo pagamento")).toBeVisible();
    await expect(phone.getByRole("link", { name: "Ver o novo pagamento" })).toHaveAttribute(
      "href",
      `/pagar/${fresh}`,
    );
    await expect(phone.getByRole("button", { name: "Gerar novo pagamento" })).toHaveCount(0);
    await noPaymentForm(phone);
    await expectNoAxeViolations(phone);
  } finally {
    await client.close();
  }

  // The dispatcher's "Meus links": the new link is theirs, the old one says it was replaced.
  await page.goto("/links");
  await expect(
    page
      .getByRole("listitem", { name: new RegExp(plate) })
      .getByText("Um novo link foi gerado para estes débitos."),
  ).toBeVisible();
});

test("an expired link cannot be paid and offers no payment form; Meus links makes a fresh one", async ({
  page,
  request,
}, testInfo) => {
  const plate = testInfo.project.name === "phone" ? "TST7L03" : "TST7L02";
  const token = await createShareLink(page, plate);
  await expect(page.getByRole("img", { name: "QR Code do link de pagamento" })).toBeVisible();
  await checkPage(page, testInfo, "20-link-dispatcher");
  await page.goto(`/pagar/${token}`);
  await expect(page.getByRole("table", { name: /Custo de cada forma/ })).toBeVisible();
  await expect(page.getByRole("timer")).toBeVisible();
  await checkPage(page, testInfo, "21-share-page");
  // Upstream expires the checkout before the expiresAt it gave us; the first refused payment tells us.
  await expireCheckoutsOfPlate(request, plate);
  await page.goto(`/pagar/${token}`);
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  await expect(page.getByText("Este link de pagamento expirou")).toBeVisible();
  await noPaymentForm(page);
  await page.reload();
  await expect(page.getByText("Este link de pagamento expirou")).toBeVisible();
  await expect(page.getByText("Peça um novo link a quem enviou este.")).toBeVisible();
  await noPaymentForm(page);
  await checkPage(page, testInfo, "23-share-expired");
  const pay = await page.request.post(`/api/checkouts/${token}/payments`, {
    headers: ORIGIN_HEADERS,
    data: { attemptId: crypto.randomUUID(), method: "pix" },
  });
  expect(pay.status()).toBe(410);

  await page.goto("/links");
  const item = page.getByRole("listitem", { name: new RegExp(plate) });
  await expect(item.getByText("Expirado")).toBeVisible();
  await checkPage(page, testInfo, "24-my-links-expired");
  await item.getByRole("button", { name: "Gerar novo link" }).click();
  await page.waitForURL((u) => /\/links\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(token));
  await expect(page.getByRole("button", { name: "Copiar link" })).toBeVisible();
  const fresh = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto(`/pagar/${fresh}`);
  await expect(page.getByRole("radiogroup", { name: "Forma de pagamento" })).toBeVisible();
  await page.goto("/links");
  await expect(page.getByRole("listitem", { name: new RegExp(plate) })).toHaveCount(2);
  await expect(page.getByText("Um novo link foi gerado para estes débitos.")).toBeVisible();
});

test("a share link's page hydrates as sent though its cost table fetches the installments its card form shows", async ({
  page,
}, testInfo) => {
  // The card form hydrates after the rest of the page (HydrateApart); the cost table's request for
  // the same installments may answer first. The form must still draw what the HTML drew
  // ("Calculando parcelas…") while it hydrates: the hydrationErrors fixture fails the test on a
  // mismatch. With the answer served at once, a form that did not wait for hydration fails here.
  const token = await createShareLink(
    page,
    testInfo.project.name === "phone" ? "TST7L07" : "TST7L06",
  );
  // The real answer, then served at once: the earlier it lands, the likelier the race.
  const amountCents = (
    (await (await page.request.get(`/api/checkouts/${token}`)).json()) as { amountCents: number }
  ).amountCents;
  const answer = await page.request.post("/api/installments", {
    headers: ORIGIN_HEADERS,
    data: { amountCents },
  });
  expect(answer.status()).toBe(200);
  const body = await answer.text();
  await page.route("**/api/installments", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body }),
  );
  for (let i = 0; i < 12; i++) {
    await page.goto(`/pagar/${token}`);
    await expect(page.getByRole("table", { name: /Custo de cada forma/ })).toBeVisible();
    await expect(page.getByLabel("Parcelas")).toBeEnabled();
  }
});

test("a random or truncated token gets a 404 page; share pages send no-referrer and noindex", async ({
  page,
  request,
}, testInfo) => {
  const token = await createShareLink(
    page,
    testInfo.project.name === "phone" ? "TST7L05" : "TST7L04",
  );
  for (const bad of [
    randomBytes(24).toString("base64url"),
    token.slice(0, -1),
    token.slice(0, 16),
    "x",
  ]) {
    const res = await page.goto(`/pagar/${bad}`);
    expect(res?.status(), bad).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Página não encontrada" }),
    ).toBeVisible();
  }
  await checkPage(page, testInfo, "25-link-not-found");
  // The dispatcher's panel is for the browser that made the link only.
  expect((await request.get(`/links/${token}`)).status()).toBe(404);

  for (const path of [`/pagar/${token}`, `/links/${token}`, "/links"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    const headers = res!.headers();
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["x-robots-tag"], path).toContain("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Meus links" })).toBeVisible();
});
