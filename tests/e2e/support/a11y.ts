// Accessibility and screenshots, taken on every page the flow draws.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Zero axe violations (WCAG 2.1 A/AA rules). `exclude`: a selector left out, such as a sandboxed
 * frame without scripts, which axe cannot enter (it waits for a script context that never comes).
 */
export async function expectNoAxeViolations(
  page: Page,
  opts: { exclude?: string } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  const results = await (opts.exclude ? builder.exclude(opts.exclude) : builder).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Full-page screenshot into tests/screenshots/<name>-<project>.png (gitignored, named in the README). */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({
    path: `tests/screenshots/${name}-${testInfo.project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/** Both checks on the page as it is now. */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await saveScreenshot(page, testInfo, name);
  await expectNoAxeViolations(page);
}
