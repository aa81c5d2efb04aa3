import { expect, test } from "./support/test";
import { expectStatusPage, openCheckout, ownFamilyPlate } from "./support/flow";
import { payPix } from "./support/sandbox";
import {
  addVirtualAuthenticator,
  checkWorkspacePage,
  fillProfile,
  expireSignInLinks,
  markSignInLinkOpened,
  requestSignInLink,
  signInButton,
  signInLinkFromMailbox,
  signInThroughMailbox,
  signOut,
  usePhoneWidth,
  workspaceEmail,
} from "./support/workspace";

// Accounts in a real build: the sign-in link read from the mailbox page, every state of
// /entrar drawn (screenshots at 390 px and desktop, axe), links that expire and work once, a
// passkey registered on Chromium's virtual authenticator and then used to sign in, "sair de todos
// os aparelhos" ending another browser's session, and the buying flow still without an account.

test.beforeEach(async ({ page }, testInfo) => usePhoneWidth(page, testInfo));

const LINK_DEAD = "Este link de acesso não vale mais";

test("sign in with the e-mail link: form, invalid address, link sent, workspace home; the link works once", async ({
  page,
  browser,
}, testInfo) => {
  await page.goto("/painel");
  await page.waitForURL(/\/entrar\?voltar=%2Fpainel$/); // no session: the workspace sends to sign-in
  await expect(page.getByRole("heading", { level: 1, name: "Área do despachante" })).toBeVisible();
  await expect(signInButton(page)).toBeEnabled();
  await checkWorkspacePage(page, testInfo, "entrar-form");

  await page.getByLabel("Seu e-mail").fill("ana@semdominio");
  await signInButton(page).click();
  const email = page.getByLabel("Seu e-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#email-error")).toHaveText(
    "Informe um e-mail válido, como nome@exemplo.com.",
  );
  await checkWorkspacePage(page, testInfo, "entrar-email-invalido");

  const address = workspaceEmail("ana");
  await requestSignInLink(page, address);
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByRole("link", { name: "caixa de e-mails de teste" })).toBeVisible();
  await checkWorkspacePage(page, testInfo, "entrar-link-enviado");

  const url = await signInLinkFromMailbox(page.context(), address);
  markSignInLinkOpened(url);
  await page.goto(url);
  // The first sign-in asks who the despachante is before anything else (not skippable).
  await page.waitForURL(
    (u) => u.pathname === "/painel/perfil" && u.searchParams.get("voltar") === "/painel",
  );
  await expect(page.getByRole("button", { name: "Salvar e continuar" })).toBeEnabled();
  await checkWorkspacePage(page, testInfo, "perfil-primeiro-acesso");
  await page.goto("/painel/clientes");
  await page.waitForURL(
    (u) => u.pathname === "/painel/perfil" && u.searchParams.get("voltar") === "/painel/clientes",
  );
  await page.getByLabel("CNPJ do escritório (opcional)").fill("11222333000180");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page.locator("#profile-name-error")).toHaveText(
    "Informe seu nome, como seus clientes conhecem você.",
  );
  await expect(page.locator("#profile-cnpj-error")).toHaveText(
    "CNPJ inválido. Confira os números.",
  );
  await expect(page.getByLabel("CNPJ do escritório (opcional)")).toHaveValue("11.222.333/0001-80"); // typed data kept
  await checkWorkspacePage(page, testInfo, "perfil-erros");
  await page.getByLabel("CNPJ do escritório (opcional)").fill("11222333000181");
  await fillProfile(page);
  await page.waitForURL((u) => u.pathname === "/painel/clientes");
  await page.goto("/painel");
  await expect(page.getByText(`Entrou como ${address}.`)).toBeVisible();
  await expect(
    page.getByText("Seus clientes veem os links como enviados por Ana Lima (Despachante Central)."),
  ).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Área do despachante" })
      .getByRole("link", { name: "Clientes" }),
  ).toBeVisible();
  await expect(page.getByText("Nenhuma chave de acesso cadastrada.")).toBeVisible();
  await checkWorkspacePage(page, testInfo, "painel-inicio");

  // Used once: in another browser the same link lands on the "link no longer valid" page, signed out.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await usePhoneWidth(second, testInfo);
    await second.goto(url);
    await second.waitForURL(/\/entrar\?erro=link/);
    await expect(second.getByText(LINK_DEAD)).toBeVisible();
    await second.goto("/painel");
    await second.waitForURL(/\/entrar\?voltar=/);
    await second.goto(url.replace(/token=[^&]+/, "token=forjado0123456789"));
    await second.waitForURL(/\/entrar\?erro=link/);
    await expect(second.getByText(LINK_DEAD)).toBeVisible();
    await checkWorkspacePage(second, testInfo, "entrar-link-invalido");
  } finally {
    await other.close();
  }
});

test("an expired sign-in link signs nobody in and says to ask for a new one", async ({
  page,
}, testInfo) => {
  const address = workspaceEmail("expira");
  await requestSignInLink(page, address);
  const url = await signInLinkFromMailbox(page.context(), address);
  expect(expireSignInLinks(address)).toBe(1);
  markSignInLinkOpened(url);
  await page.goto(url);
  await page.waitForURL(/\/entrar\?erro=link/);
  await expect(page.getByText(LINK_DEAD)).toBeVisible();
  await expect(
    page.getByText("Links de acesso valem por 15 minutos e só funcionam uma vez."),
  ).toBeVisible();
  expect(
    (await page.context().cookies()).filter((c) => c.name.includes("session_token") && c.value),
  ).toEqual([]);
  await checkWorkspacePage(page, testInfo, "entrar-link-expirado");
  // A new link works.
  await requestSignInLink(page, address);
  await page.goto(await signInLinkFromMailbox(page.context(), address, url));
  await page.waitForURL((u) => u.pathname === "/painel/perfil"); // its first sign-in
});

test("a passkey registered on /painel signs in after signing out", async ({ page }, testInfo) => {
  const authenticator = await addVirtualAuthenticator(page);
  const address = workspaceEmail("chave");
  await signInThroughMailbox(page, address);
  const add = page.getByRole("button", { name: "Cadastrar chave de acesso" });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(
    page.getByText("Chave de acesso cadastrada. Da próxima vez, entre com ela."),
  ).toBeVisible();
  await expect(page.getByText("1 chave de acesso cadastrada.")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await checkWorkspacePage(page, testInfo, "painel-chave-cadastrada");

  await signOut(page);
  await page.goto("/painel");
  await page.waitForURL(/\/entrar/);
  const withPasskey = page.getByRole("button", { name: "Entrar com chave de acesso" });
  await expect(withPasskey).toBeEnabled();
  await withPasskey.click();
  await page.waitForURL((u) => u.pathname === "/painel");
  await expect(page.getByText(`Entrou como ${address}.`)).toBeVisible();
});

test("a passkey sign-in with no registered passkey fails in words, and signs nobody in", async ({
  page,
}, testInfo) => {
  await addVirtualAuthenticator(page); // empty: the ceremony finds no credential
  await page.goto("/entrar");
  const withPasskey = page.getByRole("button", { name: "Entrar com chave de acesso" });
  await expect(withPasskey).toBeEnabled();
  await withPasskey.click();
  await expect(
    page.getByText(
      "Não foi possível entrar com a chave de acesso. Use o link por e-mail ou tente de novo.",
    ),
  ).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe("/entrar");
  await checkWorkspacePage(page, testInfo, "entrar-chave-falhou");
});

test("'sair de todos os aparelhos' ends the session of another browser too", async ({
  page,
  browser,
}, testInfo) => {
  const address = workspaceEmail("dois");
  await signInThroughMailbox(page, address);
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await usePhoneWidth(second, testInfo);
    await signInThroughMailbox(second, address);
    await expect(second.getByText(`Entrou como ${address}.`)).toBeVisible();

    await signOut(page, true);
    await page.goto("/painel");
    await page.waitForURL(/\/entrar\?voltar=/);
    await second.reload();
    await second.waitForURL(/\/entrar\?voltar=/);
    await expect(second.getByText(`Entrou como ${address}.`)).toHaveCount(0);
    // The other browser's cookie is still there, but its session row is gone: the API says so too.
    const session = await other.request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
  } finally {
    await other.close();
  }
});

test("the buying flow still needs no account: lookup, checkout and a paid PIX with no session", async ({
  page,
  request,
}) => {
  const plate = ownFamilyPlate();
  await openCheckout(page, { scenario: "withDebts", slug: "fine-parking", plate });
  await page.getByRole("radio", { name: "PIX" }).click();
  await page.getByRole("button", { name: "Gerar código PIX" }).click();
  const code = page.getByLabel("Código PIX copia e cola");
  await expect(code).not.toHaveValue("");
  await payPix(request, await code.inputValue());
  await expectStatusPage(page);
  await expect(page.getByText("Pagamento aprovado")).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).not.toMatch(/^\/entrar/);
  expect((await page.context().cookies()).filter((c) => c.name.includes("session_token"))).toEqual(
    [],
  );
});
