// The diagnostics' common frame: a storefront instance, a headless Chromium, and the customer
// pages (home, lookup, pay, status) with real data, visited one after another.
import puppeteer, { type Browser } from "puppeteer-core";
import { startApp } from "./app-instance";
import { ApiClient, customerPages } from "./flow";

export async function visitCustomerPages(name: string, only: string[], visit: (browser: Browser, page: string, url: string) => Promise<void>): Promise<void> {
  const app = await startApp({ name });
  const browser = await puppeteer.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking"] });
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
