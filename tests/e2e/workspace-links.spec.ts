import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { formatPlate } from "@/lib/rules/plate";
import { devices } from "@playwright/test";
import { createPrismaClient } from "@/lib/db/create-client";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { expect, test } from "./support/test";
import { lookupViaApi, ownFamilyPlate, expectStatusPage } from "./support/flow";
import { payPix } from "./support/sandbox";
import { checkPage } from "./support/a11y";
import { checkMailboxMessage } from "./support/mailbox";
import {
  checkWorkspacePage,
  E2E_DB_FILE,
  PROFILE,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// The workspace's links in the browser: a despachante signs in through the mailbox, opens one
// vehicle's result, chooses a debt with the public flow's selection, makes the link for the
// client in one step; the client pays it by PIX in a second browser context; "Pago" appears on
// the despachante's page and in Links without a reload, and "seu cliente pagou" arrives in the
// mailbox. The shared preview of /pagar/{token} carries no personal data.

const CLIENT = {
  name: "Joana Pereira Lima",
  phone: "21987651234",
  email: "joana.cliente@example.com",
};
/** How the client reads the despachante (the profile signInThroughMailbox fills on the first sign-in). */
const SENDER = `${PROFILE.name} (${PROFILE.officeName})`;

/** The batch queue makes these rows in the product; here the test files them for the account. */
async function seedBatchItem(
  email: string,
  lookupId: string,
  plate: string,
  uf: string,
  renavam: string,
) {
  const db = createPrismaClient(`file:./${E2E_DB_FILE}`);
  try {
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const client = await db.workspaceClient.create({
      data: {
        userId: user.id,
        name: CLIENT.name,
        cpfCnpj: "52998224725",
        phone: CLIENT.phone,
        email: CLIENT.email,
      },
    });
    const vehicle = await db.workspaceVehicle.create({
      data: { userId: user.id, clientId: client.id, plate, uf, renavam },
    });
    const batch = await db.lookupBatch.create({ data: { userId: user.id } });
    const item = await db.lookupBatchItem.create({
      data: {
        batchId: batch.id,
        vehicleId: vehicle.id,
        lookupId,
        status: "done",
        finishedAt: new Date(),
      },
    });
    return { batchId: batch.id, itemId: item.id };
  } finally {
    await db.$disconnect();
  }
}

test("a link made for a client from a lookup result, paid in a second browser: 'Pago' without reload and the e-mail", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000); // the flow, then four e-mails each screenshotted and checked with axe
  await usePhoneWidth(page, testInfo);
  const email = workspaceEmail("links");
  await signInThroughMailbox(page, email);

  const plate = ownFamilyPlate();
  const v = familyVehicle(plate)!;
  const { lookupId, debts } = await lookupViaApi(request, v);
  const fine = debts.find((d) => d.type === "ticket" && d.dependsOn.length === 0)!;
  const { batchId, itemId } = await seedBatchItem(email, lookupId, v.plate, v.uf, v.renavam);

  // Another account's ids are a 404 here, like made-up ones.
  expect((await page.goto(`/painel/lotes/${batchId}/itens/${randomUUID()}`))?.status()).toBe(404);

  await page.goto(`/painel/lotes/${batchId}/itens/${itemId}`);
  await expect(page.getByRole("heading", { name: "Seleção rápida" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`Cliente: ${CLIENT.name}`)).toBeVisible();
  await checkWorkspacePage(page, testInfo, "links-01-item-debts");
  await page.locator(`#debt-${fine.id}`).check();
  const make = page
    .getByRole("button", { name: "Gerar link de pagamento" })
    .filter({ visible: true })
    .first();
  await expect(make).toBeEnabled();
  await make.click();

  await expect(
    page.getByRole("heading", { name: `Link de pagamento para ${CLIENT.name}` }),
  ).toBeVisible({ timeout: 30_000 });
  const url = await page.getByRole("textbox", { name: "Link de pagamento" }).inputValue();
  expect(url).toMatch(/\/pagar\/[A-Za-z0-9_-]{32}$/);
  const whatsapp = new URL(
    (await page.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href"))!,
  );
  expect(whatsapp.pathname).toBe(`/55${CLIENT.phone}`);
  expect(whatsapp.searchParams.get("text")).toContain(url);
  expect(whatsapp.searchParams.get("text")).toMatch(
    new RegExp(`^Olá! Aqui é ${SENDER.replace(/[()]/g, "\\$&")}\\.`),
  );
  await page.getByRole("button", { name: "Enviar por e-mail ao cliente" }).click();
  await expect(page.getByText(/E-mail enviado para jo\*+@example\.com/)).toBeVisible();
  await expect(
    page.getByText("Aguardando pagamento. Esta página mostra quando o cliente pagar."),
  ).toBeVisible();
  await checkWorkspacePage(page, testInfo, "links-02-link-ready");
  // A marker on window survives only as long as the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

  // The preview WhatsApp would draw: generic, absolute, nothing about the client.
  const html = await (await request.get(url)).text();
  const meta = (p: string) =>
    new RegExp(`<meta (?:property|name)="${p}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta("og:title")).toBe("Pagamento de débitos do veículo");
  expect(meta("og:image")).toMatch(/^http:\/\/localhost:\d+\/og\/pagamento$/);
  expect(meta("twitter:card")).toBe("summary_large_image");
  const head = html.slice(0, html.indexOf("</head>"));
  for (const personal of [CLIENT.name, "Joana", plate, "52998224725", CLIENT.email])
    expect(head).not.toContain(personal);
  const image = await request.get(meta("og:image")!);
  expect(image.headers()["content-type"]).toBe("image/png");

  // The client: a browser of its own (the project's width), reads who sent the link, pays by PIX.
  const other = await browser.newContext({
    ...devices[testInfo.project.name === "phone" ? "Pixel 7" : "Desktop Chrome"],
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  try {
    const phone = await other.newPage();
    await phone.goto(url);
    await expect(
      phone.getByText(`${SENDER} preparou este pagamento para você.`, { exact: false }),
    ).toBeVisible();
    await expect(phone.getByRole("radio", { name: "PIX" })).toBeEnabled();
    await checkPage(phone, testInfo, "links-06-link-page");
    await phone.getByRole("radio", { name: "PIX" }).click();
    await phone.getByRole("button", { name: "Gerar código PIX" }).click();
    await payPix(request, await phone.getByLabel("Código PIX copia e cola").inputValue());
    await expectStatusPage(phone);
    // The status page names the vehicle above the debts.
    await expect(phone.getByRole("region", { name: "Veículo", exact: true })).toContainText(
      formatPlate(plate),
    );
    await expect(phone.getByRole("heading", { name: "Comprovante" })).toBeVisible({
      timeout: 30_000,
    });
    await checkPage(phone, testInfo, "links-07-status-page");
  } finally {
    await other.close();
  }

  // Seen without a reload (5 s polling of the database).
  await expect(page.getByText(`${CLIENT.name} pagou este link.`)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await checkWorkspacePage(page, testInfo, "links-03-item-paid");

  await page.getByRole("link", { name: "Ver todos os links" }).click();
  await page.waitForURL(/\/painel\/links$/);
  const group = page.getByRole("region", { name: `Links de ${CLIENT.name}` });
  await expect(group.getByText(/^Pago/).first()).toBeVisible();
  await page.getByLabel("Só os pagos hoje").check();
  await expect(group.getByRole("link", { name: "Ver comprovante" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "links-04-list-paid-today");

  // "Seu cliente pagou" in the mailbox, to the account's address.
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(
      page
        .getByRole("link")
        .filter({ hasText: `${CLIENT.name} pagou` })
        .filter({ hasText: `Para ${email}` }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(
    page
      .getByRole("link")
      .filter({ hasText: `${SENDER} enviou um link para pagar` })
      .filter({ hasText: `Para ${CLIENT.email}` })
      .first(),
  ).toBeVisible();

  // Each e-mail of this story as the mailbox shows it: screenshot and axe (the message's frame included).
  const shown = formatPlate(plate);
  const mails: [string, RegExp | string, string][] = [
    ["sign-in", "Seu link de acesso", email],
    ["payment-link", `${SENDER} enviou um link para pagar os débitos do ${shown}`, CLIENT.email],
    ["payment-approved", new RegExp(`Pagamento aprovado: .* – ${shown}`), CLIENT.email],
    ["client-paid", new RegExp(`${CLIENT.name} pagou .* – ${shown}`), email],
  ];
  for (const [name, subject, to] of mails) {
    await checkMailboxMessage(page, testInfo, name, { subject, to });
    if (name !== "payment-approved") continue;
    // The comprovante attached to the e-mail downloads from the mailbox.
    await expect(page.locator("pre")).toContainText("Forma de pagamento: PIX");
    await expect(page.locator("pre")).toContainText(/Juros: R\$\s[\d.]+,\d{2}/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar comprovante.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("comprovante.pdf");
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  }
});

test("links page states: empty, then a filter that matches nothing", async ({ page }, testInfo) => {
  await usePhoneWidth(page, testInfo);
  await signInThroughMailbox(page, workspaceEmail("empty"), "/painel/links");
  await expect(page.getByText("Nenhum link ainda.")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "links-05-empty");
  await page.getByLabel("Situação").selectOption("settled");
  await expect(page.getByText("Nenhum link com estes filtros.")).toBeVisible();
  // The filters live in the address: a reload (or a link from a client's page) keeps them.
  await expect(page).toHaveURL(/\?status=settled$/);
  await page.reload();
  await expect(page.getByLabel("Situação")).toHaveValue("settled");
  await expect(page.getByText("Nenhum link com estes filtros.")).toBeVisible();
});
