import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./test";
import { expectNoAxeViolations, saveScreenshot } from "./a11y";

const FRAME = 'iframe[title="Versão HTML do e-mail"]';

/**
 * Opens the first mailbox message whose list entry matches (subject, and recipient when given),
 * waiting for its delivery, then checks it as people read it: a screenshot, axe on the mailbox page
 * around it, and axe on the message on a page of its own (axe cannot enter the mailbox's
 * sandboxed, script-less frame).
 */
export async function checkMailboxMessage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  match: { subject: RegExp | string; to?: string },
): Promise<void> {
  await expect(async () => {
    await page.goto("/dev/mailbox");
    let entry = page.getByRole("link").filter({ hasText: match.subject });
    if (match.to) entry = entry.filter({ hasText: `Para ${match.to}` });
    await entry.first().click({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.frameLocator(FRAME).locator("h1")).toBeVisible();
  await saveScreenshot(page, testInfo, `mail-${name}`);
  await expectNoAxeViolations(page, { exclude: FRAME });
  const message = await page.context().newPage();
  try {
    await message.setContent((await page.locator(FRAME).getAttribute("srcdoc"))!);
    await expectNoAxeViolations(message);
  } finally {
    await message.close();
  }
}
