// The despachante workspace in the browser, as a person uses it: ask for the sign-in link on
// /entrar, read it from the test mailbox page (/dev/mailbox), open it. Shared by every workspace spec.
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { sqliteDate } from "../../../lib/db/sqlite-date";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { E2E_PORT } from "../../../playwright.config";
import { expectNoAxeViolations } from "./a11y";

/** The e2e server's SQLite file (playwright.config.ts), for the few states no page can reach in time. */
export const E2E_DB_FILE = `data/e2e-${E2E_PORT}.db`;

/** An address of this test's own (per title, project and retry): the per-address sign-in limit never meets another test. */
export function workspaceEmail(tag: string): string {
  const info = test.info();
  const h = createHash("sha256")
    .update(`${info.titlePath.join(" / ")}|${info.project.name}|${info.retry}|${tag}`)
    .digest("hex")
    .slice(0, 10);
  return `${tag}.${h}@despachante.test`;
}

/** Workspace screens target 390 px phones; the phone project's device (Pixel 7) is 412 px wide. */
export async function usePhoneWidth(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
}

/** Every workspace screenshot in one folder: tests/screenshots/workspace/<name>-<project>.png. */
export async function workspaceShot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: `tests/screenshots/workspace/${name}-${testInfo.project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/** Screenshot, then axe: every workspace state gets both. */
export async function checkWorkspacePage(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  await workspaceShot(page, testInfo, name);
  await expectNoAxeViolations(page);
}

export const signInButton = (page: Page) =>
  page.getByRole("button", { name: "Receber link de acesso" });

/** Fills /entrar and sends; resolves on "Enviamos um link". */
export async function requestSignInLink(page: Page, email: string): Promise<void> {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/entrar")) await page.goto("/entrar");
  await expect(signInButton(page)).toBeEnabled(); // disabled until React runs
  await page.getByLabel("Seu e-mail").fill(email);
  await signInButton(page).click();
  await expect(page.getByText("Enviamos um link para o seu e-mail")).toBeVisible();
}

// Links this worker already opened: a second sign-in of one address must wait for its own e-mail
// (delivery is asynchronous), not take the newest one already in the mailbox, which is used.
const opened = new Set<string>();

/**
 * The newest sign-in link sent to `email`, read on the mailbox page (delivery is asynchronous:
 * outbox worker, then SMTP). `notUrl` skips an older link (a second request for the same address).
 * Uses its own tab, so the caller's page stays where it was.
 */
export async function signInLinkFromMailbox(
  context: BrowserContext,
  email: string,
  notUrl?: string,
): Promise<string> {
  const box = await context.newPage();
  try {
    let url = "";
    await expect(async () => {
      await box.goto("/dev/mailbox");
      const mail = box
        .getByRole("link")
        .filter({ hasText: "Seu link de acesso" })
        .filter({ hasText: `Para ${email}` })
        .first();
      await expect(mail).toBeVisible({ timeout: 1_000 });
      await mail.click();
      // The text part, not the HTML frame: the frame is sandboxed, its links do not navigate.
      const text = (await box.locator("pre").textContent()) ?? "";
      url = /Entrar: (\S+)/.exec(text)?.[1] ?? "";
      expect(url).toMatch(/\/api\/auth\/magic-link\/verify\?token=/);
      expect(url).not.toBe(notUrl);
      expect(opened.has(url), "the newest sign-in e-mail is one already opened").toBe(false);
    }).toPass({ timeout: 45_000 });
    return url;
  } finally {
    await box.close();
  }
}

/** Marks a link as opened by the test itself (the next lookup for the address waits for a newer one). */
export function markSignInLinkOpened(url: string): void {
  opened.add(url);
}

export const PROFILE = { name: "Ana Lima", officeName: "Despachante Central" };

/** The first sign-in's profile step (/painel/perfil): name and office, then on to where it was going. */
export async function fillProfile(page: Page, profile = PROFILE): Promise<void> {
  await expect(
    page.getByRole("heading", { level: 1, name: "Antes de começar: quem é você?" }),
  ).toBeVisible();
  const save = page.getByRole("button", { name: "Salvar e continuar" });
  await expect(save).toBeEnabled(); // disabled until React runs
  await page.getByLabel("Seu nome").fill(profile.name);
  await page.getByLabel("Nome do escritório").fill(profile.officeName);
  await save.click();
}

/**
 * Signs `email` in through /entrar and the mailbox; resolves on the workspace home (or `back`).
 * An account's first sign-in passes through the profile step, filled with PROFILE.
 */
export async function signInThroughMailbox(
  page: Page,
  email: string,
  back = "/painel",
): Promise<string> {
  await page.goto(back === "/painel" ? "/entrar" : `/entrar?voltar=${encodeURIComponent(back)}`);
  await requestSignInLink(page, email);
  const url = await signInLinkFromMailbox(page.context(), email);
  opened.add(url);
  await page.goto(url);
  await page.waitForURL((u) => u.pathname === back || u.pathname === "/painel/perfil");
  if (new URL(page.url()).pathname === "/painel/perfil") await fillProfile(page);
  await page.waitForURL((u) => u.pathname === back);
  return url;
}

/** The workspace home's account card: "Sair" (this device) or "Sair de todos os aparelhos". */
export async function signOut(page: Page, everywhere = false): Promise<void> {
  if (new URL(page.url()).pathname !== "/painel") await page.goto("/painel");
  const button = page.getByRole("button", {
    name: everywhere ? "Sair de todos os aparelhos" : "Sair",
    exact: true,
  });
  await expect(button).toBeEnabled();
  await button.click();
  await page.waitForURL(/\/entrar/);
}

/** Chromium's virtual authenticator (CDP): a platform passkey with user verification, on this page's tab. */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ credentials: () => Promise<unknown[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

/** Moves every unused sign-in link of `email` into the past (15 minutes is too long to wait in a test). */
export function expireSignInLinks(email: string): number {
  const sqlite = new Database(E2E_DB_FILE, { fileMustExist: true, timeout: 10_000 });
  try {
    const rows = sqlite
      .prepare("SELECT id, expiresAt FROM Verification WHERE value LIKE ?")
      .all(`%"email":"${email}"%`) as { id: string; expiresAt: number | string }[];
    const past = Date.now() - 60_000;
    const update = sqlite.prepare("UPDATE Verification SET expiresAt = ? WHERE id = ?");
    for (const row of rows)
      update.run(typeof row.expiresAt === "number" ? past : sqliteDate(new Date(past)), row.id);
    return rows.length;
  } finally {
    sqlite.close();
  }
}
