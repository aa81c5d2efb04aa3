// npm run bench:polling [-- --connections 200 --duration 60]
// With the app running, creates pending payments (a card in analysis and a PIX awaiting payment),
// then polls GET /api/payments/{ref} two ways, each for 60 s:
//   1. 200 pollers as status pages poll: one keep-alive connection each, one request every
//      POLL_MS.payment (2 s), started at random instants (lib/paced-pollers.ts). Target: no request
//      fails or times out: this is what people watching their payment see.
//   2. 200 closed-loop connections (autocannon, each sends its next request as soon as the last is
//      answered): the endpoint's capacity, req/s and p99 at saturation, and the server's accept
//      queue sampled with `ss` (why some requests time out there: docs/benchmarks.md, "Polling timeouts").
// Prints req/s and p50/p99 of both (and the trivial GET /api/ping under the closed loop for scale),
// the CPU the app's processes spent per 1,000 requests in each (ping's as the baseline),
// and how many upstream status calls (POST /uvvi/v1/payment/status) each window caused per payment
// per minute. The sandbox has no endpoint listing the requests it received, so the storefront runs
// against the sandbox through a counting proxy (lib/app-instance.ts, countUpstream). With --url (an
// app you started) pass --log-file <its LOG_FILE> and run it with LOG_LEVEL=debug: the upstream
// client logs one "upstream call" line per request at debug level, which is counted instead.
// Target: <= 2 upstream status polls per payment per minute (no two calls for one payment less
// than 30 s apart), over both windows. Confirmations (status calls made because a webhook arrived,
// on their own spacing: docs/payment-states.md) are counted apart, from the app's
// payment_status_calls_total{purpose} in /api/metrics.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon, { type Result } from "autocannon";
import { POLL_MS } from "@/lib/browser/queries";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { SANDBOX_CARDS } from "@/lib/sandbox/payments/cards-catalog";
import { arg, startApp, type AppInstance } from "./lib/app-instance";
import { ApiClient, standaloneDebts } from "./lib/flow";
import { pacedPollers, percentile } from "./lib/paced-pollers";
import { childGroups, groupCpuSeconds } from "./lib/process-cpu";
import { figure, median, printTable, target } from "./lib/table";
import { statusCallRates, type Rate } from "./lib/upstream-rates";

const CONNECTIONS = Number(arg("connections", "200"));
// A minute by default: the storefront asks upstream at most once per payment per 30 s, so a 20 s
// window holds 0 or 1 call per payment and extrapolates to 0 or 3 per minute (a false MISS).
const DURATION = Number(arg("duration", "60"));
const TARGET_PER_MIN = 2;
const METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

/** The app's own count of status calls by purpose (poll | confirmation | renewal), from /api/metrics. */
async function statusCallsByPurpose(base: string): Promise<Map<string, number>> {
  const res = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const byPurpose = new Map<string, number>();
  if (!res.ok) return byPurpose;
  for (const line of (await res.text()).split("\n")) {
    const m = /^payment_status_calls_total\{[^}]*purpose="(\w+)"[^}]*\} (\d+)/.exec(line);
    if (m) byPurpose.set(m[1]!, (byPurpose.get(m[1]!) ?? 0) + Number(m[2]));
  }
  return byPurpose;
}

// autocannon counts a timeout in both `errors` and `timeouts`: `errors` alone is every failed request.
const fmt = (r: Result) => [
  Math.round(r.requests.average),
  `${r.latency.p50} ms`,
  `${r.latency.p99} ms`,
  r["2xx"],
  r.non2xx,
  `${r.errors} (${r.timeouts} timed out)`,
];

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

/** Connections waiting in the kernel for the server to accept them (Recv-Q of the LISTEN socket). */
function acceptQueue(port: string): number | undefined {
  try {
    const fields = execFileSync("ss", ["-ltnH", `sport = :${port}`], { encoding: "utf8" })
      .trim()
      .split(/\s+/);
    return Number(fields[1]);
  } catch {
    return undefined; // no ss (iproute2) on this machine
  }
}

async function main() {
  const given = arg("url", "");
  const logFile = arg("log-file", "");
  let app: AppInstance | undefined;
  try {
    if (!given)
      console.log("[status-polling] starting a storefront behind a counting upstream proxy ...");
    // Ten times real time: the card stays in analysis for 300 s and the PIX awaits for 300 min, past
    // both windows. A status change would arrive by webhook and be confirmed upstream (one call the
    // polling did not cause); at real time the card turns paid 30 s in, mid-window.
    app = given
      ? undefined
      : await startApp({
          name: "status-polling",
          countUpstream: true,
          env: { SANDBOX_TIME_SCALE: "10", METRICS_TOKEN },
        });
    const base = given || app!.url;
    const api = new ApiClient(base);

    const lookup = await api.lookup(SANDBOX_VEHICLES.withDebts);
    const [fineA, fineB] = standaloneDebts(lookup);
    if (!fineB) throw new Error("need two standalone fines");
    const card = await api.payCard(
      (await api.checkout(lookup.id, [fineA!.id])).token,
      SANDBOX_CARDS.analysisThenPaid.number,
    );
    const pix = await api.payPix((await api.checkout(lookup.id, [fineB.id])).token);
    const payments = [card, pix];
    console.log(
      `[status-polling] pending payments: card ${card.ref} (${card.status}), pix ${pix.ref} (${pix.status})`,
    );

    const paths = payments.map((p) => `/api/payments/${p.ref}`);

    // CPU of the app's process groups (the storefront and the sandbox; the counting proxy runs in this process)
    // over a window, per 1,000 requests answered; only for an app this run started.
    const groups = app ? childGroups(process.pid) : [];
    const cpuNow = () => groupCpuSeconds(groups).reduce((a, b) => a + b, 0);
    const cpuPer1k = (from: number, requests: number) =>
      groups.length && requests > 0 ? ((cpuNow() - from) / requests) * 1000 : undefined;

    // 1. As status pages poll.
    const callsBefore = await statusCallsByPurpose(base);
    const pacedFrom = Date.now();
    const pacedCpu = cpuNow();
    const paced = await pacedPollers({
      base,
      paths,
      pollers: CONNECTIONS,
      intervalMs: POLL_MS.payment,
      durationMs: DURATION * 1000,
    });
    const pacedCpuPer1k = cpuPer1k(pacedCpu, paced.requests);
    const pacedWindow = { from: pacedFrom, to: Date.now() };
    const sorted = [...paced.latenciesMs].sort((a, b) => a - b);
    const pacedFailed = paced.non2xx + paced.errors + paced.timeouts;

    // 2. Closed loop: capacity. The trivial route under the same load first, for scale.
    const pingCpu = cpuNow();
    const ping = await autocannon({
      url: `${base}/api/ping`,
      connections: CONNECTIONS,
      duration: Math.min(10, DURATION),
      timeout: 30,
    });
    const pingCpuPer1k = cpuPer1k(pingCpu, ping.requests.total ?? 0);
    const port = new URL(base).port;
    const queue: number[] = [];
    const sampler = setInterval(() => {
      const q = acceptQueue(port);
      if (q !== undefined) queue.push(q);
    }, 1000);
    const errorCodes = new Map<string, number>();
    let firstErrorAfterMs: number | undefined;
    const closedFrom = Date.now();
    const closedCpu = cpuNow();
    const closed = await new Promise<Result>((resolve, reject) => {
      autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration: DURATION,
          timeout: 30,
          requests: paths.map((path) => ({ method: "GET", path })),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ).on("reqError", (error) => {
        const code = error.code ?? error.message;
        errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
        firstErrorAfterMs ??= Date.now() - closedFrom;
      });
    });
    clearInterval(sampler);
    const closedWindow = { from: closedFrom, to: Date.now() };
    const closedCpuPer1k = cpuPer1k(closedCpu, closed.requests.total ?? 0);

    const callsAfter = await statusCallsByPurpose(base);
    const after = await Promise.all(payments.map((p) => api.payment(p.ref)));
    const ms = (x: number) => `${Math.round(x)} ms`;
    printTable(
      `GET /api/payments/{ref} (2 refs), ${CONNECTIONS} connections, ${DURATION} s each`,
      ["load", "req/s", "p50", "p99", "2xx", "non-2xx", "errors"],
      [
        [
          `${CONNECTIONS} pollers, one request every ${POLL_MS.payment / 1000} s`,
          Math.round(paced.requests / paced.seconds),
          ms(percentile(sorted, 0.5)),
          ms(percentile(sorted, 0.99)),
          paced.ok,
          paced.non2xx,
          `${paced.errors + paced.timeouts} (${paced.timeouts} timed out)`,
        ],
        ["closed loop (capacity)", ...fmt(closed)],
        ["GET /api/ping, closed loop, 10 s (scale)", ...fmt(ping)],
      ],
    );
    if (queue.length)
      console.log(
        `Closed loop: connections waiting to be accepted (ss, every 1 s): max ${Math.max(...queue)}, median ${median(queue)}`,
      );
    if (errorCodes.size)
      console.log(
        `Closed loop, client-side errors: ${[...errorCodes].map(([c, n]) => `${c} ×${n}`).join(", ")}; the first ${((firstErrorAfterMs ?? 0) / 1000).toFixed(1)} s into the run`,
      );
    console.log(
      `\nPayments: ${payments.map((p, i) => `${p.method} ${p.ref} ${p.status} -> ${after[i]!.status}/${after[i]!.liquidationStatus ?? "-"}`).join("; ")}`,
    );
    if (payments.some((p, i) => p.status !== after[i]!.status))
      console.log(
        "A payment changed status while polled: its webhook's confirmation call is counted below too.",
      );

    const upstreamRates = (window: { from: number; to: number }): Rate[] | undefined => {
      const minutes = (window.to - window.from) / 60_000;
      if (app) return statusCallRates(app.upstreamCalls, window, payments.length);
      if (!logFile) return undefined;
      const total = countFromLog(logFile, window.from, window.to);
      return payments.map((p) => ({
        id: `${p.ref} (total split evenly)`,
        calls: total / payments.length,
        perMin: total / payments.length / minutes,
      }));
    };
    // One span for both loads: the gaps across the switch from one load to the other count too.
    const all = { from: pacedWindow.from, to: closedWindow.to };
    const windows = [
      { name: "pollers every 2 s", rows: upstreamRates(pacedWindow) },
      { name: "closed loop", rows: upstreamRates(closedWindow) },
      { name: "both, end to end", rows: upstreamRates(all) },
    ];
    if (windows.some((w) => !w.rows)) {
      console.log(
        "\nUpstream calls: not measured (with --url, pass --log-file of an app running with LOG_LEVEL=debug).",
      );
    } else {
      printTable(
        `Upstream status calls (source: ${app ? "counting proxy in front of the sandbox" : `${logFile}, debug "upstream call" lines`})`,
        ["window", "upstream payment (request body)", "calls", "shortest gap", "calls/min"],
        windows.flatMap((w) =>
          w.rows!.map((r) => [
            w.name,
            r.id,
            r.calls,
            r.minGapS === undefined ? "-" : `${r.minGapS.toFixed(1)} s`,
            r.perMin.toFixed(1),
          ]),
        ),
      );
      const worst = Math.max(...windows.at(-1)!.rows!.map((r) => r.perMin));
      const shortest = Math.min(...windows.at(-1)!.rows!.map((r) => r.minGapS ?? Infinity));
      target(
        "status-polling upstream calls/payment/min",
        `${worst.toFixed(1)}, shortest gap ${shortest.toFixed(1)} s`,
        `<= ${TARGET_PER_MIN}`,
        worst <= TARGET_PER_MIN && shortest >= 60 / TARGET_PER_MIN - 0.5,
      );
    }
    if (callsAfter.size > 0) {
      const minutes = (closedWindow.to - pacedWindow.from) / 60_000;
      const delta = (purpose: string) =>
        (callsAfter.get(purpose) ?? 0) - (callsBefore.get(purpose) ?? 0);
      const polls = delta("poll");
      printTable(
        "Status calls by purpose, both windows (the app's payment_status_calls_total)",
        ["purpose", "calls", "per payment per minute"],
        ["poll", "confirmation", "renewal"].map((p) => [
          p,
          delta(p),
          (delta(p) / payments.length / minutes).toFixed(2),
        ]),
      );
      target(
        "status-polling polls/payment/min (app metrics)",
        (polls / payments.length / minutes).toFixed(2),
        `<= ${TARGET_PER_MIN}`,
        polls / payments.length / minutes <= TARGET_PER_MIN,
      );
      figure(
        "status-polling confirmations (webhooks confirmed)",
        `${delta("confirmation")} in ${minutes.toFixed(1)} min`,
      );
    } else {
      console.log(
        "\nStatus calls by purpose: not measured (/api/metrics needs METRICS_TOKEN; with --url, start the app with METRICS_TOKEN=" +
          METRICS_TOKEN +
          ").",
      );
    }
    target(
      `status-polling, ${CONNECTIONS} pollers every ${POLL_MS.payment / 1000} s`,
      `${Math.round(paced.requests / paced.seconds)} req/s, p99 ${ms(percentile(sorted, 0.99))}, ${pacedFailed} failed`,
      "no failures",
      pacedFailed === 0 && paced.requests > 0,
    );
    // Capacity, reported without a target: past saturation some connections wait to be accepted.
    figure(
      `status-polling capacity, ${CONNECTIONS} closed-loop connections`,
      `${Math.round(closed.requests.average)} req/s, p99 ${closed.latency.p99} ms, ${closed.errors} timed out or failed`,
    );
    // The baseline beside it: Next's trivial route (GET /api/ping) under the same closed loop.
    if (pacedCpuPer1k !== undefined && closedCpuPer1k !== undefined && pingCpuPer1k !== undefined) {
      figure(
        "status-polling CPU-s per 1,000 requests (the app's processes)",
        `pollers ${pacedCpuPer1k.toFixed(2)}, closed loop ${closedCpuPer1k.toFixed(2)}; baseline GET /api/ping closed loop ${pingCpuPer1k.toFixed(2)} (polls ${(closedCpuPer1k / pingCpuPer1k).toFixed(2)}x)`,
      );
    }
  } finally {
    await app?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
