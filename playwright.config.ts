import { existsSync, mkdirSync, rmSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Test tooling, not app code: it sets the storefront's variables for the server it starts.
const CI = Boolean(process.env.CI);
// Overridable so two suites (or a suite and a dev server) can run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
const E2E_DB = `data/e2e-${E2E_PORT}.db`;
const E2E_OUTPUT = `data/e2e-output-${E2E_PORT}.log`;
const SECRET_SCAN = /zz-(secret|personal-data)-scan\.spec\.ts$/;
/** Specs the phone project skips (its comment below says why). */
const DESKTOP_ONLY = [
  "workspace-flow",
  "workspace-links",
  "workspace-clients",
  "workspace-batches",
  "workspace-authz",
  "radar-workspace",
  "api-keys",
  "api-webhooks",
  "security-headers",
  "operations",
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`));
/** The server's METRICS_TOKEN (tests/e2e/operations.spec.ts scrapes /api/metrics with it). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789abcdef";

// The config is evaluated again in every worker; only the runner starts from an empty database.
if (!process.env.TEST_WORKER_INDEX) {
  for (const suffix of ["", "-wal", "-shm", "-journal"])
    rmSync(`${E2E_DB}${suffix}`, { force: true });
  mkdirSync("data", { recursive: true }); // for the output file, before the server makes it
}

const chromium =
  process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const launchOptions = {
  ...(chromium ? { executablePath: chromium } : {}),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Three on two cores: much of a spec's time is waiting (the server, a webhook, a Radar turn);
  // measured on the 2-core host, 2026-11-30, 152 tests: 2 workers 10.3 min, 3 workers 8.9 min
  // quiet and 9.9 min beside a CPU hog, no retry (docs/testing.md).
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "on-first-retry",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions,
  },
  // The scans run after every other test (tests/e2e/zz-secret-scan.spec.ts, zz-personal-data-scan.spec.ts): only in their own project.
  testIgnore: SECRET_SCAN,
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "phone",
      // The owner's and the payer's journeys, at a phone's width. Not the despachante's workspace
      // nor what programs see: the dispatcher works at a desktop (product.md, "Who uses it"), the
      // client who pays a dispatcher's link does so on a phone inside the desktop specs
      // (workspace-flow, share-links open a Pixel 7 context), and headers, the API, its keys and
      // webhooks are the same at any width. Signing in stays on both: the account follows the
      // dispatcher across devices.
      testIgnore: [SECRET_SCAN, ...DESKTOP_ONLY],
      use: { ...devices["Pixel 7"], launchOptions },
    },
    // Alone: npx playwright test tests/e2e/zz-secret-scan.spec.ts --project=secret-scan --no-deps
    {
      name: "secret-scan",
      testMatch: SECRET_SCAN,
      testIgnore: [],
      dependencies: ["desktop", "phone"],
      use: { launchOptions },
    },
  ],
  webServer: {
    // Everything the server processes print (the start script, Next's own errors, the sandbox) is
    // also kept in a file, which the secret scan reads with the database and the pino log.
    command: `bash -c 'exec node scripts/bootstrap.mjs scripts/start.ts > >(tee ${E2E_OUTPUT}) 2>&1'`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      SANDBOX_PORT: String(E2E_SANDBOX_PORT),
      PUBLIC_BASE_URL: `http://localhost:${E2E_PORT}`,
      DATABASE_URL: `file:./${E2E_DB}`,
      WEBHOOK_SECRET: "e2e-webhook-secret-0123456789abcdef0123456789",
      UVVI_API_KEY: "sk_test_sandbox_default",
      UVVI_BASE_URL: "",
      // Sandbox timings shrunk so every outcome is reached in seconds (README, "Sandbox").
      SANDBOX_LATENCY_SCALE: "0.05",
      SANDBOX_TIME_SCALE: "0.01",
      // The timeout card: our payment call gives up after 2 s (timed out, not an error) and the
      // sandbox settles the charge as paid at 5 s, delivering the final status by webhook.
      UVVI_PAYMENT_TIMEOUT_MS: "2000",
      SANDBOX_WITHHELD_PAYMENT_MS: "5000",
      // Cards under antifraud review stay "em análise" for 10 s, so the state can be checked on screen.
      SANDBOX_ANALYSIS_MS: "10000",
      // No STATUS_CHECK_INTERVAL_MS: the production 31 s spacing of polls. Received events are
      // confirmed on their own short spacing, so pages move on webhooks within seconds
      // (tests/e2e/payment-endings.spec.ts measures a paid PIX on the phone).
      // An attempt the upstream never answered (the "lost" card) ends within a test: 5 s of grace,
      // a background tick (and so a sweep) every 2 s (its first poll still waits the 30 s in which a
      // poll learns nothing).
      PAYMENT_NOT_FOUND_GRACE_MS: "5000",
      BACKGROUND_TICK_MS: "2000",
      // Radar's turns in seconds; its sandbox vehicles walk their story by POST /__sandbox/timeline.
      RADAR_WEEKLY_PERIOD_MS: "20000",
      RADAR_DAILY_PERIOD_MS: "8000",
      // The despachante's digest from midnight on: a spec sees its one e-mail of the day at any hour.
      RADAR_DIGEST_HOUR: "0",
      LOG_FILE: `data/e2e-server-${E2E_PORT}.log`,
      NEXT_TELEMETRY_DISABLED: "1",
      // Every e2e request comes from 127.0.0.1: per-IP limits sized for the whole suite
      // (tests/integration/upstream-routes.test.ts proves the 429s at the default limits).
      RATE_LIMIT_LOOKUPS: "1000",
      // "Taking longer than usual" after 4 s instead of 20, so the suite reaches that state quickly.
      LOOKUP_DELAYED_AFTER_MS: "4000",
      RATE_LIMIT_CARD_TOKENS: "1000",
      RATE_LIMIT_PAYMENTS: "1000",
      RATE_LIMIT_INSTALLMENTS: "1000",
      RATE_LIMIT_VEHICLES: "1000",
      RATE_LIMIT_CHECKOUTS: "1000",
      // Every workspace spec signs in from 127.0.0.1 (the per-address limit stays at its default:
      // each test signs in with addresses of its own).
      RATE_LIMIT_SIGN_IN: "1000",
      // The page fuzz asks for thousands of unknown payment references from that one address.
      RATE_LIMIT_PAYMENT_REF_MISSES: "100000",
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // No SMTP relay: the start command runs the embedded test SMTP server (mailbox at /dev/mailbox),
      // on a port of this run's own so side-by-side runs do not share one.
      SMTP_URL: "",
      SMTP_PORT: String(Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2200)),
    },
  },
});
