import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { sqliteDate } from "@/lib/db/sqlite-date";
import { documentHash, seal } from "@/lib/privacy/cipher";
import { keyring } from "@/lib/privacy/keyring";
import { familyVehicle } from "@/lib/sandbox/catalog/family";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { expect, test } from "./support/test";
import {
  checkWorkspacePage,
  E2E_DB_FILE,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// A despachante runs a batch lookup in Chromium: picks the vehicles, watches the progress bar
// fill as the sandbox's webhooks land, filters and sorts the results, retries the failed ones,
// and downloads the CSV, parsed back here as Excel pt-BR would read it. Every state: screenshot
// (390 px phone and desktop) and axe.

const VEHICLES = [
  SANDBOX_VEHICLES.withDebts,
  SANDBOX_VEHICLES.noDebts,
  SANDBOX_VEHICLES.authority900,
  SANDBOX_VEHICLES.authority903,
  SANDBOX_VEHICLES.notFoundInLookup,
  familyVehicle("TST7A01")!,
  familyVehicle("TST7A02")!,
  familyVehicle("TST7A03")!,
];

/**
 * Clients and vehicles for the signed-in account, written to the e2e database (the import is
 * another part), sealed with the server's keys as lib/db's client would write them: the
 * personal-data scan after the suite finds any value written in clear.
 */
function seedWorkspace(email: string): void {
  const sqlite = new Database(E2E_DB_FILE, { fileMustExist: true, timeout: 10_000 });
  try {
    const { id: userId } = sqlite.prepare("SELECT id FROM User WHERE email = ?").get(email) as {
      id: string;
    };
    const now = sqliteDate(new Date());
    const ring = keyring();
    const client = sqlite.prepare(
      "INSERT INTO WorkspaceClient (id, userId, name, cpfCnpj, cpfCnpjIndex, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const vehicle = sqlite.prepare(
      "INSERT INTO WorkspaceVehicle (id, userId, clientId, plate, uf, renavam, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    VEHICLES.forEach((v, i) => {
      const clientId = `c${randomUUID().replace(/-/g, "")}`;
      const name = i === 0 ? "Ana Souza" : `Cliente ${String(i + 1).padStart(2, "0")}`;
      client.run(
        clientId,
        userId,
        seal(ring, name),
        seal(ring, v.cpfCnpj),
        documentHash(ring, v.cpfCnpj),
        now,
        now,
      );
      vehicle.run(
        `v${randomUUID().replace(/-/g, "")}`,
        userId,
        clientId,
        v.plate,
        v.uf,
        seal(ring, v.renavam),
        now,
        now,
      );
    });
  } finally {
    sqlite.close();
  }
}

/** Splits one CSV line of ours (';' separated, text in double quotes with "" inside). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  const re = /("((?:[^"]|"")*)"|[^;]*)(;|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line))
    out.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!);
  return out;
}

test("a batch lookup: pick, watch it finish, filter, retry the failed, export the CSV", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await usePhoneWidth(page, testInfo);
  const email = workspaceEmail("lotes");
  await signInThroughMailbox(page, email);

  await page.goto("/painel/lotes");
  await expect(page.getByText("Nenhum lote ainda.")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "lotes-vazio");

  seedWorkspace(email);
  await page.getByRole("link", { name: "Nova consulta em lote" }).click();
  await expect(page.getByRole("heading", { name: "Nova consulta em lote" })).toBeVisible();
  const submit = page.getByRole("button", { name: /^Consultar \d+ veículos?$/ });
  await expect(submit).toHaveText("Consultar 8 veículos");
  await page.getByLabel("Escolher clientes").check();
  await expect(submit).toBeDisabled();
  await page.getByLabel(/Ana Souza/).check();
  await expect(page.locator("#contagem")).toContainText("1 veículo selecionado");
  await checkWorkspacePage(page, testInfo, "lote-novo-clientes");
  await page.getByLabel(/Todos os veículos/).check();
  await expect(submit).toHaveText("Consultar 8 veículos");
  await submit.click();

  await page.waitForURL(/\/painel\/lotes\/[^/]+$/);
  const progress = page.getByRole("progressbar", { name: "Progresso do lote" });
  await expect(progress).toHaveAttribute("aria-valuemax", "8");
  await expect(page.getByRole("heading", { name: "Lote concluído" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(progress).toHaveAttribute("aria-valuenow", "8");
  // Desktop: a table (header row + one per vehicle); phone: one card per vehicle.
  const phone = testInfo.project.name === "phone";
  const results = phone
    ? page.getByRole("list", { name: "Resultados do lote" })
    : page.getByRole("table");
  const rows = () =>
    phone
      ? results.getByRole("listitem")
      : results.getByRole("row").filter({ hasNot: page.getByRole("columnheader") });
  await expect(rows()).toHaveCount(8);
  await expect(rows().filter({ hasText: "ERA-9000" })).toContainText(
    "O serviço de consulta está indisponível",
  );
  await expect(rows().filter({ hasText: "ERD9B03" })).toContainText("manutenção programada");
  await expect(rows().filter({ hasText: "NOD-1234" })).toContainText("Nenhum débito pendente");
  // A result links to its vehicle's page (debts -> payment link).
  await expect(results.getByRole("link", { name: "MGD1E23" })).toHaveAttribute(
    "href",
    /\/painel\/lotes\/[^/]+\/itens\/[^/]+$/,
  );
  await checkWorkspacePage(page, testInfo, "lote-concluido");

  // Filter: only the failed ones; sort by total, largest first.
  await page.getByLabel("Situação", { exact: true }).selectOption("failed");
  await expect(rows()).toHaveCount(3);
  await expect(page.getByText("3 de 8 veículos")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "lote-filtro-falhas");
  await page.getByLabel("Situação", { exact: true }).selectOption("all");
  if (phone) await page.getByLabel("Ordenar por").selectOption("total:desc");
  else {
    await page.getByRole("button", { name: /^Total/ }).click();
    await expect(page.getByRole("columnheader", { name: /Total/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  }
  await expect(rows().first()).toContainText(/MGD1E23|TST7A0/);
  await expect(rows().last()).toContainText(/ERA-9000|ERD9B03|NFL5C67/);

  // Retry the failed: the sandbox answers them the same way, so they end failed again.
  await page.getByRole("button", { name: "Tentar de novo os que falharam (3)" }).click();
  await expect(page.getByRole("heading", { name: "Lote concluído" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByRole("button", { name: "Tentar de novo os que falharam (3)" }),
  ).toBeEnabled({ timeout: 60_000 });

  // The retried items end failed again. The heading and the button above may still be the ones
  // drawn before the retry took effect (a slow host), so wait for the export itself to say so.
  const exportLink = page.getByRole("link", { name: "Exportar CSV (Excel)" });
  const exportHref = (await exportLink.getAttribute("href"))!;
  await expect
    .poll(
      async () =>
        (await (await page.request.get(exportHref)).text())
          .split("\r\n")
          .filter((l) => csvFields(l)[3] === "Falhou").length,
      { timeout: 60_000 },
    )
    .toBe(3);

  // The CSV, as Excel pt-BR reads it.
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(9);
  const header = csvFields(lines[0]!);
  expect(header.slice(0, 5)).toEqual(["Cliente", "Placa", "UF", "Situação", "Total (R$)"]);
  const csvRows = lines.slice(1).map(csvFields);
  const ana = csvRows.find((r) => r[1] === "MGD1E23")!;
  expect(ana[0]).toBe("Ana Souza");
  expect(ana[3]).toBe("Concluída");
  expect(ana[4]).toMatch(/^\d+,\d{2}$/);
  expect(csvRows.filter((r) => r[3] === "Falhou")).toHaveLength(3);
  for (const v of VEHICLES) expect(bytes.toString("utf8")).not.toContain(v.cpfCnpj);

  await page.goto("/painel/lotes");
  await expect(page.getByRole("link", { name: /^Lote de / })).toHaveCount(1);
  await checkWorkspacePage(page, testInfo, "lotes-lista");
});
