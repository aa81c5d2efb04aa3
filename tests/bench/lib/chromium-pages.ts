// The diagnostics' common frame: a storefront instance, a headless Chromium, and the customer
// pages (home, lookup, pay, status) with real data, visited one after another.
import puppeteer, { type Browser } from "puppeteer-core";
import { startApp } from "./app-instance";
import { ApiClient, customerPages } from "./flow";

// The same browser and flags for Lighthouse and the diagnostics, so their traces compare.
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function visitCustomerPages(
  name: string,
  only: string[],
  visit: (browser: Browser, page: string, url: string) => Promise<void>,
): Promise<void> {
  const app = await startApp({ name });
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const { paths } = await customerPages(new ApiClient(app.url));
    for (const [page, path] of Object.entries(paths)) {
      if (!only.length || only.includes(page)) await visit(browser, page, `${app.url}${path}`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}
