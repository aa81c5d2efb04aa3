// npm run bench:lighthouse [-- --runs 5 --url http://127.0.0.1:3000 --only lookup,pay --save --warmup 1 --min-speed 0.75 --max-extra 3 --no-scriptless --no-baseline]
// Lighthouse 12.8.2 (programmatic API, default config = mobile: Moto G Power viewport, simulated
// slow 4G and 4x CPU slowdown) driving /usr/bin/chromium (CHROME_PATH), median of N runs per page,
// on the home page, a lookup page (a real lookup of SANDBOX_VEHICLES.withDebts), its payment step
// /consulta/{id}/pagamento, the pay page /pagar/{token} (a checkout created through the JSON API)
// and the status page /pagamento/{ref} (after a paid, settled card payment). Starts its own
// instance unless --url is given.
// Two kinds of control, measured in the same rounds as the pages:
// - per page, its baseline: the same page's server HTML and stylesheet with its scripts removed,
//   served from a tiny static server (lib/scriptless-copy.ts); the LCP target reads each page
//   against its own (--no-scriptless skips them);
// - an empty Next app (tests/bench/fixtures/empty-app), for how busy the machine is
//   (--no-baseline skips it).
// --only keeps the pages whose name contains one of the words; --save writes each run's full report
// to $TMPDIR/placa-paga-lighthouse/<page>-<run>.json (open in the Lighthouse viewer or read its
// bootup-time / long-tasks audits) to see where blocking time goes. Not under data/: the card
// canary scans data/ for what the storefront wrote, and a report's trace numbers read as cards.
// Targets: performance >= 95, accessibility 100, best practices 100, largest contentful paint of
// every storefront page <= 1.25x its scriptless baseline's in the same run (medians of the counted
// runs, Lighthouse's simulated slow 4G), one line per page (SEO printed, no target: the token pages
// are noindex on purpose). Each page's LCP against the empty app's is printed as a figure.
// Host speed: this VM's CPU speed swings within minutes (Lighthouse's own benchmarkIndex, measured
// in the tab before each load, shows it), and a slowed run costs many points on every page, the
// control included. So: one warm-up round that is not counted (--warmup 0 skips it; a cold first
// round scores low everywhere), and a run whose
// benchmarkIndex is under --min-speed (0.75) times the median of all runs so far is set aside and
// that page is run again, at most --max-extra (3) extra rounds; a page still short of counted runs
// then counts its fastest set-aside ones, marked "*". Both medians are printed: of the
// counted runs (the target) and of every run, set-aside ones included.
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { arg, hasFlag, startApp, type AppInstance } from "./lib/app-instance";
import { CHROME_FLAGS, CHROME_PATH } from "./lib/chromium-pages";
import { startEmptyApp, type EmptyApp } from "./lib/empty-app";
import { ApiClient, customerPages } from "./lib/flow";
import { startScriptlessCopies, type ScriptlessCopies } from "./lib/scriptless-copy";
import { figure, median, printTable, target } from "./lib/table";

const RUNS = Number(arg("runs", "5"));
const WARMUP = Number(arg("warmup", "1"));
const MIN_SPEED = Number(arg("min-speed", "0.75"));
const MAX_EXTRA = Number(arg("max-extra", "3"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const SAVE_DIR = hasFlag("save") ? join(tmpdir(), "placa-paga-lighthouse") : undefined;
const LCP_TARGET = 1.25;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

/** A page audited: a storefront page, its scriptless baseline (`of` names the page), or the empty app. */
type Entry = {
  name: string;
  path: string;
  origin: string;
  kind: "page" | "scriptless" | "empty";
  of?: string;
};

type Run = {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  benchmarkIndex: number;
  failing: string[];
  details: string[];
};

/** One Lighthouse run; a run that failed to record (e.g. NO_NAVSTART under load) is retried twice. */
async function audit(url: string, port: number, savePath?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    const error = result
      ? result.lhr.runtimeError
      : { code: "NO_RESULT", message: "lighthouse returned nothing" };
    if (!error) {
      if (savePath) {
        await mkdir(dirname(savePath), { recursive: true });
        await writeFile(savePath, JSON.stringify(result!.lhr));
      }
      return toRun(result!.lhr);
    }
    console.warn(`[lighthouse] ${url}: ${error.code} (attempt ${attempt}/3)`);
    if (attempt >= 3) throw new Error(`lighthouse: ${error.code} ${error.message}`);
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function toRun(lhr: Lhr): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? NaN]));
  const failing: string[] = [];
  const details: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9 || c === "performance")
        continue;
      failing.push(`${c}: ${a.id} (${a.title})`);
      // What exactly failed (console messages, DevTools issues, elements), shortened.
      const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      for (const item of items.slice(0, 5)) {
        const text = JSON.stringify(item, (k, v: unknown) =>
          k === "node" || k === "boundingRect" ? undefined : v,
        );
        details.push(`${a.id}: ${text.length > 400 ? `${text.slice(0, 400)}...` : text}`);
      }
    }
  }
  return { scores, metrics, benchmarkIndex: lhr.environment.benchmarkIndex, failing, details };
}

async function main() {
  const given = arg("url", "");
  let app: AppInstance | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let empty: EmptyApp | undefined;
  let copies: ScriptlessCopies | undefined;
  try {
    // Control, same machine and moment: an empty Next app (it scores near 100 on a quiet
    // machine). If it scores low too, the machine was busy, not our pages heavy.
    if (!hasFlag("no-baseline")) {
      console.log("[lighthouse] building the empty Next.js app (control) ...");
      empty = await startEmptyApp();
    }
    if (!given)
      console.log("[lighthouse] starting a storefront (builds first when sources changed) ...");
    app = given ? undefined : await startApp({ name: "lighthouse" });
    const base = given || app!.url;
    const api = new ApiClient(base);
    const { lookup, fine, paths } = await customerPages(api, { settled: true });

    const storefront: [string, string][] = [
      ["home", paths.home],
      ["lookup /consulta/[id]", paths.lookup],
      ["step /consulta/[id]/pagamento", `/consulta/${lookup.id}/pagamento?debts=${fine.id}`],
      ["pay /pagar/[token]", paths.pay],
      ["status /pagamento/[ref]", paths.status],
    ];
    const chosen = ONLY.length
      ? storefront.filter(([name]) => ONLY.some((w) => name.includes(w)))
      : storefront;
    if (!hasFlag("no-scriptless")) {
      copies = await startScriptlessCopies(
        base,
        chosen.map(([, p]) => p),
      );
      for (const [name, p] of chosen) {
        const s = copies.stripped.get(p)!;
        console.log(
          `[lighthouse] baseline of ${name.split(" ")[0]}: its HTML (${(s.bytes / 1024).toFixed(1)} KB) without ${s.scripts} scripts and ${s.preloads} script preloads, its CSS, from ${copies.url}`,
        );
      }
    }
    const pages: Entry[] = [
      ...(empty
        ? [
            {
              name: "control: empty Next app",
              path: "/",
              origin: empty.url,
              kind: "empty" as const,
            },
          ]
        : []),
      ...chosen.flatMap(([name, path]): Entry[] => [
        { name, path, origin: base, kind: "page" },
        ...(copies
          ? [
              {
                name: `baseline: ${name.split(" ")[0]} without scripts`,
                path,
                origin: copies.url,
                kind: "scriptless" as const,
                of: name,
              },
            ]
          : []),
      ]),
    ];
    if (SAVE_DIR) console.log(`[lighthouse] reports go to ${SAVE_DIR}`);

    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: "error",
    });
    // Warm the server's caches once per page (first hit after start compiles nothing, but loads modules).
    for (const { path: p, origin } of pages)
      await fetch(`${origin}${p}`).then((r) => r.arrayBuffer());
    const slugOf = (e: Entry) =>
      `${e.kind === "scriptless" ? "baseline-" : ""}${e.name
        .replace(/^baseline: /, "")
        .split(" ")[0]!
        .replace(/\W+/g, "-")}`;
    for (let i = 0; i < WARMUP; i++) {
      for (const { path: p, origin } of pages) await audit(`${origin}${p}`, chrome.port);
      console.log(`[lighthouse] warm-up round ${i + 1}/${WARMUP} done (not counted)`);
    }

    const rows: (string | number)[][] = [];
    const worst: Record<Category, number> = {
      performance: 100,
      accessibility: 100,
      "best-practices": 100,
      seo: 100,
    };
    let controlLcp: number | undefined;
    const lcpByPage: [string, number][] = [];
    const baselineLcp = new Map<string, number>();
    const failingByPage: [string, string[], string[]][] = [];
    // Rounds, not page after page: each round audits every page once (control included), so a
    // noisy minute on this shared 2-core VM lands on one run of each page instead of on every run
    // of one page.
    const counted = pages.map((): Run[] => []);
    const setAside = pages.map((): Run[] => []);
    const speeds: number[] = [];
    for (let round = 1; round <= RUNS + MAX_EXTRA; round++) {
      const due = pages.map((_, k) => k).filter((k) => counted[k]!.length < RUNS);
      if (!due.length) break;
      for (const k of due) {
        const { name, path: p, origin } = pages[k]!;
        const n = counted[k]!.length + setAside[k]!.length + 1;
        const run = await audit(
          `${origin}${p}`,
          chrome.port,
          SAVE_DIR && join(SAVE_DIR, `${slugOf(pages[k]!)}-${n}.json`),
        );
        speeds.push(run.benchmarkIndex);
        const slowed = run.benchmarkIndex < MIN_SPEED * median(speeds);
        (slowed ? setAside : counted)[k]!.push(run);
        console.log(
          `[lighthouse] round ${round} ${name}: perf ${run.scores.performance}, host benchmarkIndex ${Math.round(run.benchmarkIndex)}${slowed ? ` < ${MIN_SPEED} x median ${Math.round(median(speeds))}: host slowed, set aside` : ""}`,
        );
      }
    }
    const hostMedian = median(speeds);
    for (const [k, { name, kind, of }] of pages.entries()) {
      // Too few counted runs after the extra rounds: the fastest set-aside ones fill in, marked "*".
      const byHostSpeed = [...setAside[k]!].sort((a, b) => b.benchmarkIndex - a.benchmarkIndex);
      const filledIn = byHostSpeed.slice(0, Math.max(0, RUNS - counted[k]!.length));
      const runs = [...counted[k]!, ...filledIn];
      const all = [...counted[k]!, ...setAside[k]!];
      const med = Object.fromEntries(
        CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
      ) as Record<Category, number>;
      const m = (id: string) => median(runs.map((r) => r.metrics[id]!));
      const lcp = m("largest-contentful-paint");
      if (kind === "empty") controlLcp = lcp;
      if (kind === "scriptless") baselineLcp.set(of!, lcp);
      if (kind === "page") {
        for (const c of CATEGORIES) worst[c] = Math.min(worst[c], med[c]);
        lcpByPage.push([name, lcp]);
      }
      rows.push([
        name,
        med.performance,
        median(all.map((r) => r.scores.performance)),
        med.accessibility,
        med["best-practices"],
        med.seo,
        `${(m("first-contentful-paint") / 1000).toFixed(1)} s`,
        `${(m("largest-contentful-paint") / 1000).toFixed(1)} s`,
        `${Math.round(m("total-blocking-time"))} ms`,
        m("cumulative-layout-shift").toFixed(3),
        [
          ...counted[k]!.map((r) => `${r.scores.performance}`),
          ...setAside[k]!.map((r) =>
            filledIn.includes(r) ? `${r.scores.performance}*` : `(${r.scores.performance})`,
          ),
        ].join(","),
      ]);
      failingByPage.push([
        name,
        [...new Set(all.flatMap((r) => r.failing))],
        [...new Set(all.flatMap((r) => r.details))],
      ]);
    }
    printTable(
      `Lighthouse 12.8.2, mobile (default config), median of ${RUNS} counted runs (all runs: "perf all")`,
      [
        "page",
        "perf",
        "perf all",
        "a11y",
        "best-pr.",
        "SEO",
        "FCP",
        "LCP",
        "TBT",
        "CLS",
        "perf runs (set aside; * set aside but counted)",
      ],
      rows,
    );
    const aside = setAside.reduce((n, r) => n + r.length, 0);
    console.log(
      `Host benchmarkIndex: median ${Math.round(hostMedian)}, range ${Math.round(Math.min(...speeds))}-${Math.round(Math.max(...speeds))}; ${aside} of ${speeds.length} runs set aside as host-slowed (< ${MIN_SPEED} x the median so far).`,
    );
    console.log("\nAudits below 0.9 in any run (a11y, best practices, SEO):");
    for (const [name, failing, details] of failingByPage) {
      console.log(`  ${name}: ${failing.length ? failing.join("; ") : "none"}`);
      for (const d of details.slice(0, 8)) console.log(`      ${d}`);
    }
    target(
      "lighthouse performance (worst page median of counted runs, storefront pages)",
      String(worst.performance),
      ">= 95",
      worst.performance >= 95,
    );
    const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;
    // Each page against its own HTML and stylesheet without scripts, same run: what the scripts
    // and the per-request render add to the largest paint.
    printTable(
      `LCP (median of counted runs, simulated slow 4G): each page against its own server HTML and stylesheet with the scripts removed, target <= ${LCP_TARGET}x`,
      ["page", "LCP", "baseline (no scripts)", "ratio", "target", ""],
      lcpByPage.map(([name, lcp]) => {
        const b = baselineLcp.get(name);
        return b === undefined
          ? [name, seconds(lcp), "-", "-", `<= ${LCP_TARGET}x`, "no baseline"]
          : [
              name,
              seconds(lcp),
              seconds(b),
              `${(lcp / b).toFixed(2)}x`,
              `<= ${LCP_TARGET}x`,
              lcp / b <= LCP_TARGET ? "PASS" : "MISS",
            ];
      }),
    );
    for (const [name, lcp] of lcpByPage) {
      const b = baselineLcp.get(name);
      if (b === undefined)
        figure(`lighthouse LCP, simulated slow 4G, ${name} (no baseline measured)`, seconds(lcp));
      else
        target(
          `lighthouse LCP vs its HTML and CSS without scripts, simulated slow 4G, ${name}`,
          seconds(lcp),
          `<= ${LCP_TARGET}x`,
          lcp / b <= LCP_TARGET,
          { baseline: `${seconds(b)} without scripts, same run`, ratio: lcp / b },
        );
    }
    if (controlLcp !== undefined) {
      const control = controlLcp;
      figure(
        `lighthouse LCP vs the empty app (${seconds(control)}, same run; how busy the host was)`,
        lcpByPage.map(([n, v]) => `${n.split(" ")[0]} ${(v / control).toFixed(2)}x`).join(", "),
      );
    }
    target(
      "lighthouse accessibility (worst page median)",
      String(worst.accessibility),
      "100",
      worst.accessibility === 100,
    );
    target(
      "lighthouse best practices (worst page median)",
      String(worst["best-practices"]),
      "100",
      worst["best-practices"] === 100,
    );
  } finally {
    chrome?.kill();
    await copies?.stop();
    await app?.stop();
    await empty?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
