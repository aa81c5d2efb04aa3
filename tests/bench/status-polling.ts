// npm run bench:polling [-- --connections 200 --duration 60]
// With the app running, creates pending payments (a card in analysis and a PIX awaiting payment),
// then points 200 concurrent pollers (autocannon) at GET /api/payments/{ref} for 60 s. Prints
// req/s, p50/p99 (and the same load on the trivial GET /api/ping for scale), and how many upstream
// status calls (POST /uvvi/v1/payment/status) the polling caused per payment per minute.
// The sandbox has no endpoint listing the requests it received, so the storefront runs against
// the sandbox through a counting proxy (lib/app-instance.ts, countUpstream). With --url (an app
// you started) pass --log-file <its LOG_FILE> and run it with LOG_LEVEL=debug: the upstream
// client logs one "upstream call" line per request at debug level, which is counted instead.
// Target: <= 2 upstream status calls per payment per minute.
import { readFileSync } from "node:fs";
import autocannon, { type Result } from "autocannon";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { arg, startApp, type AppInstance } from "./lib/app-instance";
import { ApiClient, standaloneDebts } from "./lib/flow";
import { printTable, target } from "./lib/table";

const CONNECTIONS = Number(arg("connections", "200"));
// A minute by default: the storefront asks upstream at most once per payment per 30 s, so a 20 s
// window holds 0 or 1 call per payment and extrapolates to 0 or 3 per minute (seen: 3.0, a MISS).
const DURATION = Number(arg("duration", "60"));
const TARGET_PER_MIN = 2;
const STATUS_PATH = "/uvvi/v1/payment/status";

// autocannon counts a timeout in both `errors` and `timeouts`: `errors` alone is every failed request.
const fmt = (r: Result) => [Math.round(r.requests.average), `${r.latency.p50} ms`, `${r.latency.p99} ms`, r["2xx"], r.non2xx, `${r.errors} (${r.timeouts} timed out)`];

/** Status calls in the storefront's debug log (operation "payment-status") between two instants. */
function countFromLog(file: string, from: number, to: number): number {
  let n = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"payment-status"')) continue;
    try {
      const entry = JSON.parse(line) as { time?: string; operation?: string };
      const t = entry.time ? Date.parse(entry.time) : NaN;
      if (entry.operation === "payment-status" && t >= from && t <= to) n++;
    } catch {
      /* not a JSON line */
    }
  }
  return n;
}

async function main() {
  const given = arg("url", "");
  const logFile = arg("log-file", "");
  let app: AppInstance | undefined;
  try {
    if (!given) console.log("[status-polling] starting a storefront behind a counting upstream proxy ...");
    // Real time scale: the card stays in analysis for 30 s and the PIX awaits for 30 min.
    app = given ? undefined : await startApp({ name: "status-polling", countUpstream: true, env: { SANDBOX_TIME_SCALE: "1" } });
    const base = given || app!.url;
    const api = new ApiClient(base);

    const lookup = await api.lookup(SANDBOX_VEHICLES.withDebts);
    const [fineA, fineB] = standaloneDebts(lookup);
    if (!fineB) throw new Error("need two standalone fines");
    const card = await api.payCard((await api.checkout(lookup.id, [fineA!.id])).token, SANDBOX_CARDS.analysisThenPaid.number);
    const pix = await api.payPix((await api.checkout(lookup.id, [fineB.id])).token);
    const payments = [card, pix];
    console.log(`[status-polling] pending payments: card ${card.ref} (${card.status}), pix ${pix.ref} (${pix.status})`);

    const ping = await autocannon({ url: `${base}/api/ping`, connections: CONNECTIONS, duration: Math.min(10, DURATION), timeout: 30 });
    const from = Date.now();
    // Client-side errors by code and when they started: a 60 s run saw ~400 that the server
    // never logged, and the count alone does not say what they are.
    const errorCodes = new Map<string, number>();
    let firstErrorAfterMs: number | undefined;
    const polled = await new Promise<Result>((resolve, reject) => {
      const started = Date.now();
      autocannon(
        { url: base, connections: CONNECTIONS, duration: DURATION, timeout: 30, requests: payments.map((p) => ({ method: "GET", path: `/api/payments/${p.ref}` })) },
        (error, result) => (error ? reject(error) : resolve(result)),
      ).on("reqError", (error) => {
        const code = error.code ?? error.message;
        errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
        firstErrorAfterMs ??= Date.now() - started;
      });
    });
    const to = Date.now();
    const minutes = (to - from) / 60_000;

    const after = await Promise.all(payments.map((p) => api.payment(p.ref)));
    printTable(
      `${CONNECTIONS} concurrent pollers, ${DURATION} s`,
      ["route", "req/s", "p50", "p99", "2xx", "non-2xx", "errors"],
      [["GET /api/ping (trivial, 10 s)", ...fmt(ping)], ["GET /api/payments/{ref} (2 refs)", ...fmt(polled)]],
    );

    // Per upstream payment: the storefront asks by upstream paymentId (or transactionId /
    // externalId), never by our ref, so calls are grouped by the id in the request body.
    let rows: { id: string; calls: number }[] | undefined;
    let source = "";
    if (app) {
      const calls = app.upstreamCalls.filter((c) => c.path === STATUS_PATH && c.at >= from && c.at <= to);
      const byId = new Map<string, number>();
      for (const c of calls) byId.set(c.body, (byId.get(c.body) ?? 0) + 1);
      rows = [...byId].map(([id, n]) => ({ id, calls: n }));
      while (rows.length < payments.length) rows.push({ id: "(no call)", calls: 0 });
      source = "counting proxy in front of the sandbox";
    } else if (logFile) {
      const total = countFromLog(logFile, from, to);
      rows = payments.map((p) => ({ id: `${p.ref} (total split evenly)`, calls: total / payments.length }));
      source = `${logFile}, debug "upstream call" lines`;
    }
    if (!rows) {
      console.log("\nUpstream calls: not measured (with --url, pass --log-file of an app running with LOG_LEVEL=debug).");
      return;
    }
    console.log(`\nPayments: ${payments.map((p, i) => `${p.method} ${p.ref} ${p.status} -> ${after[i]!.status}/${after[i]!.liquidationStatus ?? "-"}`).join("; ")}`);
    const rates = rows.map((r) => r.calls / minutes);
    printTable(
      `Upstream status calls during the polling window (${(minutes * 60).toFixed(1)} s; source: ${source})`,
      ["upstream payment (request body)", "calls", "calls/min"],
      rows.map((r, i) => [r.id, r.calls, rates[i]!.toFixed(1)]),
    );
    const worst = Math.max(...rates);
    target("status-polling upstream calls/payment/min", worst.toFixed(1), `<= ${TARGET_PER_MIN}`, worst <= TARGET_PER_MIN);
    if (errorCodes.size) console.log(`\nClient-side errors: ${[...errorCodes].map(([c, n]) => `${c} ×${n}`).join(", ")}; the first ${((firstErrorAfterMs ?? 0) / 1000).toFixed(1)} s into the run`);
    target("status-polling throughput", `${Math.round(polled.requests.average)} req/s, p99 ${polled.latency.p99} ms, ${polled.non2xx + polled.errors} failed`, "no failures", polled.non2xx + polled.errors === 0);
  } finally {
    await app?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
