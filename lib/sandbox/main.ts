// CLI entry: `npm run sandbox` (npx tsx lib/sandbox/main.ts). The sandbox is its own process, so
// this is the only sandbox file that reads process.env.
import { DEFAULT_SANDBOX_API_KEY } from "./app";
import { startSandbox } from "./server";

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const apiKeys = (process.env.SANDBOX_API_KEYS ?? DEFAULT_SANDBOX_API_KEY)
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  const ignored = apiKeys.filter((k) => !k.startsWith("sk_test_"));
  if (ignored.length)
    console.warn(`[sandbox] ignoring ${ignored.length} key(s) without the sk_test_ prefix`);

  const sandbox = await startSandbox({
    port: num("SANDBOX_PORT", 4010),
    host: process.env.SANDBOX_HOST || "127.0.0.1",
    apiKeys,
    latencyScale: num("SANDBOX_LATENCY_SCALE", 1),
    timeScale: num("SANDBOX_TIME_SCALE", 1),
    rateLimitPerMinute: num("SANDBOX_RATE_LIMIT", 1000),
    // How long the timeout test card's synchronous answer is held back (browser tests shorten it).
    withheldPaymentMs: num("SANDBOX_WITHHELD_PAYMENT_MS", 75_000),
    // How long a card stays "em análise" in real ms, whatever the time scale: browser tests keep
    // it long enough to see (and screenshot) the state their time scale would make flash by.
    ...(process.env.SANDBOX_ANALYSIS_MS
      ? { paymentTimings: { analysis: num("SANDBOX_ANALYSIS_MS", 30_000) } }
      : {}),
  });
  console.log(`[sandbox] upstream sandbox listening on ${sandbox.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal} received, shutting down`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((err: unknown) => {
  console.error("[sandbox] failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
