// First step of `npm test`: the two servers the tests start themselves must be on the machine,
// and pdftotext, which reads the comprovante PDFs back.
// Chromium: /usr/bin/chromium, CHROME_PATH, or Playwright's own (fetched here when missing and the
// network allows). PostgreSQL: initdb and pg_ctl (tests start a throwaway cluster). When either
// cannot be had, one message says what to install, before minutes of tests run.
// Test tooling, not app code: like playwright.config.ts it reads CHROME_PATH itself.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { findPgBin } from "./lib/pg-cluster";

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

const missing: string[] = [];
if (!ensureChromium()) {
  missing.push(
    process.env.CHROME_PATH
      ? `Chromium: CHROME_PATH=${process.env.CHROME_PATH} does not exist`
      : "Chromium (Debian: apt-get install chromium; elsewhere: npx playwright install chromium, or set CHROME_PATH)",
  );
}
// The comprovante tests read PDFs back with poppler's pdftotext (tests/support/pdf-text.ts).
if (!existsSync("/usr/bin/pdftotext")) missing.push("poppler's pdftotext (Debian: apt-get install poppler-utils)");
if (!findPgBin()) missing.push("a PostgreSQL server's binaries, initdb and pg_ctl (Debian: apt-get install postgresql; macOS: brew install postgresql)");
if (missing.length > 0) {
  console.error(`\n[test] npm test needs, and could not find: ${missing.join("; and ")}. Install, then run npm test again.\n`);
  process.exit(1);
}
