// npm run bench:upstream [-- N]
// Latency of installments and enrichment through the storefront (our route handler -> service ->
// typed client -> HTTP) versus straight to the sandbox with fetch, in the same run, against one
// sandbox with latencyScale 0 (so only our overhead and the HTTP hop are measured).
import { register } from "node:module";
import { startSandbox } from "@/lib/sandbox/server";

// "server-only" throws outside React's server build; this script is plain Node.
register(
  "data:text/javascript," +
    encodeURIComponent(
      `export async function resolve(s, c, next) { return s === "server-only" ? { url: "data:text/javascript,export{}", shortCircuit: true } : next(s, c); }`,
    ),
);

const N = Number(process.argv[2] ?? 300);
const KEY = "sk_test_bench_key_000";
const PLATE = "MGD1E23";

function pct(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(fn: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i++) await fn(); // warm-up (JIT, keep-alive sockets)
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return { p50: pct(samples, 50), p95: pct(samples, 95) };
}

async function main() {
  const sandbox = await startSandbox({
    port: 0,
    apiKeys: [KEY],
    latencyScale: 0,
    rateLimitPerMinute: 1_000_000,
  });
  Object.assign(process.env, {
    UVVI_BASE_URL: sandbox.url,
    UVVI_API_KEY: KEY,
    WEBHOOK_SECRET: "bench-webhook-secret-0123456789abcdef0123",
    LOG_LEVEL: "silent",
    RATE_LIMIT_LOOKUPS: "1000000",
  });
  const installmentsRoute = await import("@/app/api/installments/route");
  const vehiclesRoute = await import("@/app/api/vehicles/[plate]/route");
  const headers = { "content-type": "application/json", "x-api-key": KEY };
  const ok = (res: Response) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.arrayBuffer().then(() => undefined);
  };

  const cases = {
    installments: {
      direct: () =>
        fetch(`${sandbox.url}/uvvi/v1/installments`, {
          method: "POST",
          headers,
          body: JSON.stringify({ amount: 500, paymentMethod: "credit_card" }),
        }).then(ok),
      storefront: () =>
        installmentsRoute
          .POST(
            new Request("http://localhost/api/installments", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ amountCents: 50_000 }),
            }),
          )
          .then(ok),
    },
    enrichment: {
      direct: () =>
        fetch(`${sandbox.url}/api/v1/vehicle/enrichment/${PLATE}`, { headers }).then(ok),
      storefront: () =>
        vehiclesRoute
          .GET(new Request(`http://localhost/api/vehicles/${PLATE}`), {
            params: Promise.resolve({ plate: PLATE }),
          })
          .then(ok),
    },
  };

  console.log(`N=${N} per case, sandbox latencyScale 0\n`);
  console.log("call          path         p50 ms   p95 ms");
  for (const [name, c] of Object.entries(cases)) {
    const direct = await measure(c.direct);
    const storefront = await measure(c.storefront);
    const row = (label: string, r: { p50: number; p95: number }) =>
      console.log(
        `${name.padEnd(13)} ${label.padEnd(12)} ${r.p50.toFixed(2).padStart(6)}   ${r.p95.toFixed(2).padStart(6)}`,
      );
    row("direct", direct);
    row("storefront", storefront);
    console.log(
      `${name.padEnd(13)} ratio        ${(storefront.p50 / direct.p50).toFixed(2).padStart(6)}x  ${(storefront.p95 / direct.p95).toFixed(2).padStart(6)}x\n`,
    );
  }
  await sandbox.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
