import { readFileSync } from "node:fs";
import { expect, test } from "./support/test";
import {
  checkWorkspacePage,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// Clients and vehicles: a despachante signs in through the mailbox, imports the shared
// fixture (50 vehicles, 5 bad rows) with the file input, reads each rejection with its line and
// reason, finds, edits and deletes a client. Every state: screenshot at 390 px and desktop + axe.

const FIXTURE = "tests/fixtures/workspace/clientes-50-veiculos.csv";
const BAD = [
  [7, "CPF/CNPJ", "CPF inválido. Confira os números."],
  [16, "Placa", "Placa inválida. Use o formato ABC1234 ou ABC1D23."],
  [25, "RENAVAM", "RENAVAM inválido. Confira o número no documento do veículo (CRLV)."],
  [34, "UF", "UF inválida. Escolha um dos 27 estados."],
  [43, "Nome", "Informe seu nome completo."],
] as const;

test("import 50 vehicles with 5 bad rows, see each rejection, edit and delete a client", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await usePhoneWidth(page, testInfo);
  await signInThroughMailbox(page, workspaceEmail("clientes"), "/painel/clientes");

  await expect(page.getByRole("heading", { name: "Nenhum cliente ainda" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "clientes-vazio");

  await page.getByRole("link", { name: "Importar planilha" }).click();
  await page.waitForURL(/\/painel\/clientes\/importar$/);
  const importButton = page.getByRole("button", { name: "Importar", exact: true });
  await expect(importButton).toBeEnabled();
  await checkWorkspacePage(page, testInfo, "importar");

  // Nothing chosen: said in words, nothing sent.
  await importButton.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "A planilha não foi importada" }),
  ).toContainText("Escolha um arquivo ou cole as linhas da planilha.");
  await checkWorkspacePage(page, testInfo, "importar-vazio");

  await page.getByLabel("Arquivo da planilha").setInputFiles(FIXTURE);
  await importButton.click();
  const report = page.getByRole("region", { name: "Resultado da importação" });
  await expect(report.getByText("45 de 50 linhas importadas; 5 recusadas.")).toBeVisible();
  await expect(
    report.getByText(/Clientes: 45 novos, 0 atualizados, 0 sem mudança\. Veículos: 45 novos/),
  ).toBeVisible();
  const rows = report.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(5);
  for (const [i, [line, column, reason]] of BAD.entries()) {
    await expect(rows.nth(i).getByRole("cell")).toHaveText([String(line), column, reason]);
  }
  await checkWorkspacePage(page, testInfo, "importar-resultado");

  // Importing the same file again changes nothing and duplicates nothing.
  await page.getByLabel("Arquivo da planilha").setInputFiles(FIXTURE);
  await importButton.click();
  await expect(
    report.getByText(
      /Clientes: 0 novos, 0 atualizados, 45 sem mudança\. Veículos: 0 novos, 0 atualizados, 45 sem mudança/,
    ),
  ).toBeVisible();

  await page.getByRole("link", { name: "← Todos os clientes" }).click();
  await expect(page.getByRole("heading", { name: "45 clientes" })).toBeVisible();
  const csv = readFileSync(FIXTURE, "utf8");
  const cpfs = [...csv.matchAll(/;(\d{3}\.?\d{3}\.?\d{3}-?\d{2});/g)].map((m) =>
    m[1]!.replace(/\D/g, ""),
  );
  const html = await page.content();
  for (const cpf of cpfs) expect(html).not.toContain(cpf);
  await expect(page.getByText(/\*\*\*\.\d{3}\.\d{3}-\*\*/).first()).toBeVisible();
  await checkWorkspacePage(page, testInfo, "clientes-lista");

  await page.getByRole("searchbox", { name: "Buscar por nome ou placa" }).fill("tst-9q07");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("1 encontrados para “tst-9q07”.")).toBeVisible();
  const list = page.getByRole("list", { name: "Clientes" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await checkWorkspacePage(page, testInfo, "clientes-busca");
  const name = (await list.getByRole("link").textContent())!;
  await list.getByRole("link").click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Veículos do cliente" })
      .getByRole("listitem", { name: "Veículo TST9Q07" }),
  ).toBeVisible();
  // The whole CPF only in the edit form.
  const cpfField = page.getByLabel("CPF ou CNPJ");
  await expect(cpfField).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  await checkWorkspacePage(page, testInfo, "cliente");

  // A bad vehicle: the field says why.
  const newVehicle = page.getByRole("form", { name: "Novo veículo" });
  await newVehicle.getByLabel("Placa").fill("XX12");
  await newVehicle.getByLabel("UF").selectOption("SP");
  await newVehicle.getByLabel("RENAVAM").fill("123");
  await newVehicle.getByRole("button", { name: "Adicionar veículo" }).click();
  await expect(
    newVehicle.getByText("Placa inválida. Use o formato ABC1234 ou ABC1D23."),
  ).toBeVisible();
  await expect(
    newVehicle.getByText("RENAVAM inválido. Ele tem 11 números (os mais antigos, 9)."),
  ).toBeVisible();
  await expect(newVehicle.getByLabel("Placa")).toHaveValue("XX12"); // what was typed stays to be fixed
  await expect(newVehicle.getByLabel("UF")).toHaveValue("SP");
  await checkWorkspacePage(page, testInfo, "cliente-veiculo-invalido");

  // Edit the vehicle in place: its UF changes, the list shows it.
  await page.getByRole("button", { name: "Editar veículo TST9Q07" }).click();
  const editVehicle = page.getByRole("form", { name: "Editar veículo TST9Q07" });
  await expect(editVehicle.getByLabel("Placa")).toHaveValue("TST9Q07");
  await editVehicle.getByLabel("UF").selectOption("SP");
  await checkWorkspacePage(page, testInfo, "cliente-veiculo-editar");
  await editVehicle.getByRole("button", { name: "Salvar veículo" }).click();
  await expect(
    page.getByRole("listitem", { name: "Veículo TST9Q07" }).getByText("· SP"),
  ).toBeVisible();

  await page.getByLabel("Nome completo").fill("Cliente Renomeado Teste");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Cliente Renomeado Teste" }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Excluir cliente" }).click();
  await expect(
    page.getByText(/Excluir Cliente Renomeado Teste e tudo o que está ligado a ele\?/),
  ).toBeVisible();
  await checkWorkspacePage(page, testInfo, "cliente-excluir-confirmar");
  await page.getByRole("button", { name: "Confirmar exclusão" }).click();
  await page.waitForURL(/\/painel\/clientes\?excluido=1$/);
  await expect(page.getByText("Cliente excluído")).toBeVisible();
  await expect(page.getByRole("heading", { name: "44 clientes" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "clientes-excluido");
});

test("a client id that is not in the account gets the 404 page", async ({ page }, testInfo) => {
  await usePhoneWidth(page, testInfo);
  await signInThroughMailbox(page, workspaceEmail("sem-acesso"), "/painel/clientes");
  const res = await page.goto("/painel/clientes/cl00000000000000000000000");
  expect(res?.status()).toBe(404);
});
