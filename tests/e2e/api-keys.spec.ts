import { expect, test } from "./support/test";
import {
  checkWorkspacePage,
  signInThroughMailbox,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// The API page in the browser, desktop and phone: no keys yet, a name left empty refused in words,
// a key made and shown once (the list shows only its prefix, a reload never shows it again), the
// key working against /api/v1 over HTTP, then revoked on the page and refused at once.

test.beforeEach(async ({ page }, testInfo) => usePhoneWidth(page, testInfo));

test("make an API key, use it, revoke it", async ({ page, request }, testInfo) => {
  page.on("dialog", (dialog) => void dialog.accept());
  await signInThroughMailbox(page, workspaceEmail("api-keys"), "/painel/api");
  await expect(
    page.getByRole("heading", { level: 1, name: "API para o seu sistema" }),
  ).toBeVisible();
  await expect(page.getByText("Nenhuma chave ainda.")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "api-sem-chaves");

  const create = page.getByRole("button", { name: "Criar chave" });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.locator("#api-key-name-error")).toContainText("Dê um nome à chave");
  await checkWorkspacePage(page, testInfo, "api-nome-vazio");

  await page.getByLabel("Nome da chave").fill("Sistema do escritório");
  await page.getByLabel(/Leitura e escrita/).check();
  await create.click();
  const shown = page.getByLabel("Sua nova chave");
  await expect(shown).toHaveValue(/^pp_test_[A-Za-z0-9]{32}$/);
  const key = await shown.inputValue();
  await expect(page.getByText("ela não será mostrada de novo")).toBeVisible();
  const list = page.getByRole("list", { name: "Chaves de API" });
  await expect(list.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
  await expect(list.getByText("Leitura e escrita")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "api-chave-criada");

  const asKey = { headers: { authorization: `Bearer ${key}` } };
  const clients = await request.get("/api/v1/clients", asKey);
  expect(clients.status()).toBe(200);
  expect(clients.headers()["ratelimit-policy"]).toMatch(/^"key";q=\d+;w=60$/);
  expect(await clients.json()).toEqual({ data: [], nextCursor: null });

  await page.reload();
  await expect(page.getByLabel("Sua nova chave")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await list.getByRole("button", { name: "Revogar a chave Sistema do escritório" }).click();
  await expect(list.getByText("Revogada", { exact: true })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "api-chave-revogada");
  const refused = await request.get("/api/v1/clients", asKey);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("API_KEY_INVALID");
});
