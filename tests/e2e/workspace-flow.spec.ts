import { readFileSync } from "node:fs";
import { devices } from "@playwright/test";
import { createPrismaClient } from "@/lib/db/create-client";
import { formatCpfCnpj } from "@/lib/rules/cpf-cnpj";
import { BAD_ROWS, clientsCsvRows } from "../fixtures/workspace/make-clients-csv";
import { expectStatusPage } from "./support/flow";
import { payPix } from "./support/sandbox";
import { expect, test } from "./support/test";
import {
  checkWorkspacePage,
  E2E_DB_FILE,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// The whole workspace in one go, as a despachante lives it: sign in with the link read
// from the mailbox; import a spreadsheet of 50 vehicles with 5 bad rows (each reported with its
// line and reason); run the batch over every vehicle and watch it finish; retry the failed ones;
// export the CSV and parse it back; make a link for one client; the client pays it in a second
// browser; "paid" appears in the workspace without a reload and the e-mail arrives. Every
// workspace page on the way: screenshot (390 px and desktop) and axe.

const FIXTURE = "tests/fixtures/workspace/clientes-50-veiculos.csv";
const GOOD = clientsCsvRows().filter((_, i) => !(i + 2 in BAD_ROWS));
/** The authority 900/901 vehicles of the fixture: their lookups fail, every time. */
const FAILING = 2;

/** One CSV line of ours: ';' separated, text in double quotes with "" inside. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  const re = /("((?:[^"]|"")*)"|[^;]*)(;|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line))
    out.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!);
  return out;
}

/** The batch item's summary total (what the results table and the CSV must say). */
async function itemTotalCents(batchId: string, plate: string): Promise<number> {
  const db = createPrismaClient(`file:./${E2E_DB_FILE}`);
  try {
    const item = await db.lookupBatchItem.findFirstOrThrow({
      where: { batchId, vehicle: { plate } },
    });
    return (JSON.parse(item.summary!) as { totalCents: number }).totalCents;
  } finally {
    await db.$disconnect();
  }
}

/** A fine with nothing to bring along, on the batch's lookup of `plate` (ids are upstream's, not on screen). */
async function payableFine(batchId: string, plate: string): Promise<string> {
  const db = createPrismaClient(`file:./${E2E_DB_FILE}`);
  try {
    const item = await db.lookupBatchItem.findFirstOrThrow({
      where: { batchId, vehicle: { plate } },
    });
    const debts = await db.lookupDebt.findMany({
      where: { lookupId: item.lookupId! },
      orderBy: { amountCents: "asc" },
    });
    return debts.find((d) => d.type === "ticket" && d.dependsOn === "[]")!.debtId;
  } finally {
    await db.$disconnect();
  }
}

test("sign in, import 50 vehicles (5 bad rows), batch, retry, CSV, a link paid by the client: seen at once, e-mailed", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  await usePhoneWidth(page, testInfo);
  // Each project pays a different client's fine: the two runs share one sandbox.
  const [name, , phone, clientEmail, rawPlate] = GOOD[testInfo.project.name === "phone" ? 2 : 1]!;
  const plate = rawPlate!.replace("-", "").toUpperCase();
  expect(phone && clientEmail, "the client of the link needs a phone and an e-mail").toBeTruthy();

  // 1. Sign in with the link read from the mailbox page.
  const email = workspaceEmail("fluxo");
  await signInThroughMailbox(page, email);
  await checkWorkspacePage(page, testInfo, "fluxo-01-painel");

  // 2. Import: 45 rows in, the 5 bad ones listed with line, column and reason.
  await page
    .getByRole("navigation", { name: "Área do despachante" })
    .getByRole("link", { name: "Clientes" })
    .click();
  await page.waitForURL(/\/painel\/clientes$/);
  await expect(page.getByRole("heading", { name: "Nenhum cliente ainda" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-02-clientes-vazio");
  await page.getByRole("link", { name: "Importar planilha" }).click();
  await page.waitForURL(/\/painel\/clientes\/importar$/);
  const importButton = page.getByRole("button", { name: "Importar", exact: true });
  await expect(importButton).toBeEnabled();
  await page.getByLabel("Arquivo da planilha").setInputFiles(FIXTURE);
  await importButton.click();
  const report = page.getByRole("region", { name: "Resultado da importação" });
  await expect(report.getByText("45 de 50 linhas importadas; 5 recusadas.")).toBeVisible({
    timeout: 30_000,
  });
  const rejected = report.getByRole("table").locator("tbody tr");
  await expect(rejected).toHaveCount(5);
  for (const [i, [line, { column, reason }]] of Object.entries(BAD_ROWS).entries()) {
    const cells = rejected.nth(i).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(line);
    await expect(cells.nth(1)).toHaveText(column);
    await expect(cells.nth(2)).toContainText(reason);
  }
  await checkWorkspacePage(page, testInfo, "fluxo-03-importado");

  await page.getByRole("link", { name: "← Todos os clientes" }).click();
  await expect(page.getByRole("heading", { name: "45 clientes" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-04-clientes");
  await page.getByRole("list", { name: "Clientes" }).getByRole("link", { name: name! }).click();
  await expect(page.getByRole("heading", { level: 1, name: name! })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-05-cliente");

  // 3. The batch: every vehicle, watched to the end.
  await page
    .getByRole("navigation", { name: "Área do despachante" })
    .getByRole("link", { name: "Consultas em lote" })
    .click();
  await page.waitForURL(/\/painel\/lotes$/);
  await expect(page.getByText("Nenhum lote ainda.")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-06-lotes-vazio");
  await page.getByRole("link", { name: "Nova consulta em lote" }).click();
  const submit = page.getByRole("button", { name: /^Consultar \d+ veículos?$/ });
  await expect(submit).toHaveText("Consultar 45 veículos");
  await checkWorkspacePage(page, testInfo, "fluxo-07-lote-novo");
  await submit.click();
  // Not /painel/lotes/novo itself: the batch's own page.
  await page.waitForURL((u) => /^\/painel\/lotes\/(?!novo$)[^/]+$/.test(u.pathname));
  const batchId = new URL(page.url()).pathname.split("/").pop()!;
  const progress = page.getByRole("progressbar", { name: "Progresso do lote" });
  await expect(progress).toHaveAttribute("aria-valuemax", "45");
  await checkWorkspacePage(page, testInfo, "fluxo-08-lote-andamento");
  const finished = page.getByRole("heading", { name: "Lote concluído" });
  await expect(finished).toBeVisible({ timeout: 120_000 });
  await expect(progress).toHaveAttribute("aria-valuenow", "45");
  await expect(page.getByText(`${45 - FAILING} de 45 consultas concluídas.`)).toBeVisible();
  // Desktop: a table (header row + one per vehicle); phones: one card per vehicle.
  const phoneLayout = testInfo.project.name === "phone";
  const results = phoneLayout
    ? page.getByRole("list", { name: "Resultados do lote" })
    : page.getByRole("table");
  const resultRows = phoneLayout
    ? results.getByRole("listitem")
    : results.getByRole("row").filter({ hasNot: page.getByRole("columnheader") });
  await expect(resultRows).toHaveCount(45);
  await checkWorkspacePage(page, testInfo, "fluxo-09-lote-concluido");

  // 4. Retry the failed ones: each gets a new lookup; the authority still fails them.
  const db = createPrismaClient(`file:./${E2E_DB_FILE}`);
  try {
    const failedBefore = await db.lookupBatchItem.findMany({
      where: { batchId, status: "failed" },
    });
    expect(failedBefore).toHaveLength(FAILING);
    await page.getByRole("button", { name: `Tentar de novo os que falharam (${FAILING})` }).click();
    await expect(async () => {
      const again = await db.lookupBatchItem.findMany({
        where: { id: { in: failedBefore.map((i) => i.id) } },
      });
      expect(again.map((i) => i.status)).toEqual(again.map(() => "failed"));
      for (const item of again)
        expect(failedBefore.map((i) => i.lookupId)).not.toContain(item.lookupId);
    }).toPass({ timeout: 120_000 });
  } finally {
    await db.$disconnect();
  }
  await expect(finished).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole("button", { name: `Tentar de novo os que falharam (${FAILING})` }),
  ).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByText(`${45 - FAILING} de 45 consultas concluídas.`)).toBeVisible();

  // 5. The CSV, parsed back as Excel pt-BR reads it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV (Excel)" }).click(),
  ]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(46);
  const header = csvFields(lines[0]!);
  expect(header.slice(0, 5)).toEqual(["Cliente", "Placa", "UF", "Situação", "Total (R$)"]);
  const rows = lines.slice(1).map(csvFields);
  expect(new Set(rows.map((r) => r[1]))).toEqual(
    new Set(GOOD.map((g) => g[4]!.replace("-", "").toUpperCase())),
  );
  expect(rows.filter((r) => r[3] === "Falhou")).toHaveLength(FAILING);
  const ours = rows.find((r) => r[1] === plate)!;
  expect(ours[0]).toBe(name);
  expect(ours[3]).toBe("Concluída");
  // Excel pt-BR reads "4701,06" as a number: it must be the item's own total.
  expect(ours[4]).toMatch(/^\d+,\d{2}$/);
  const totalCents = Math.round(Number(ours[4]!.replace(",", ".")) * 100);
  expect(totalCents).toBe(await itemTotalCents(batchId, plate));
  const text = bytes.toString("utf8");
  for (const g of GOOD) {
    expect(text).not.toContain(g[1]!.replace(/\D/g, ""));
    expect(text).not.toContain(formatCpfCnpj(g[1]!));
  }

  // 6. A link for one client, from the vehicle's result.
  await results.getByRole("link", { name: plate }).click();
  await page.waitForURL(/\/painel\/lotes\/[^/]+\/itens\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Seleção rápida" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`Cliente: ${name}`)).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-10-item");
  await page.locator(`#debt-${await payableFine(batchId, plate)}`).check();
  const make = page
    .getByRole("button", { name: "Gerar link de pagamento" })
    .filter({ visible: true })
    .first();
  await expect(make).toBeEnabled();
  await make.click();
  await expect(page.getByRole("heading", { name: `Link de pagamento para ${name}` })).toBeVisible({
    timeout: 30_000,
  });
  const url = await page.getByRole("textbox", { name: "Link de pagamento" }).inputValue();
  expect(url).toMatch(/\/pagar\/[A-Za-z0-9_-]{32}$/);
  await checkWorkspacePage(page, testInfo, "fluxo-11-link");
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

  // 7. The client pays it by PIX in a browser of their own.
  const other = await browser.newContext({
    ...devices["Pixel 7"],
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  try {
    const client = await other.newPage();
    await client.goto(url);
    await client.getByRole("radio", { name: "PIX" }).click();
    await client.getByRole("button", { name: "Gerar código PIX" }).click();
    await payPix(request, await client.getByLabel("Código PIX copia e cola").inputValue());
    await expectStatusPage(client);
  } finally {
    await other.close();
  }

  // 8. "Paid" in the workspace without a reload, in the links list, and the e-mail to the account.
  await expect(page.getByText(`${name} pagou este link.`)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await checkWorkspacePage(page, testInfo, "fluxo-12-pago");
  await page.getByRole("link", { name: "Ver todos os links" }).click();
  await page.waitForURL(/\/painel\/links$/);
  const group = page.getByRole("region", { name: `Links de ${name}` });
  await expect(group.getByText(/^Pago/).first()).toBeVisible();
  await checkWorkspacePage(page, testInfo, "fluxo-13-links");
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(
      page
        .getByRole("link")
        .filter({ hasText: `${name} pagou` })
        .filter({ hasText: `Para ${email}` }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await page
    .getByRole("link")
    .filter({ hasText: `${name} pagou` })
    .filter({ hasText: `Para ${email}` })
    .click();
  await expect(page.locator("pre")).toContainText(plate);
});
