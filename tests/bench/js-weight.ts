// npm run bench:js [-- --url http://127.0.0.1:3000]
// Gzipped first-load JavaScript per customer page, next to an EMPTY Next.js App Router app
// (tests/bench/fixtures/empty-app) built in the same run with the project's own next binary.
// Measured from what a browser gets: each page's HTML is fetched from the running app, every
// <script src> (and <link rel=preload|modulepreload as=script>) under /_next/static is fetched
// and gzipped with zlib (level 9), and the sizes are summed. Independent of Next's manifest format.
// Target: heaviest page <= 1.2x the empty app.
import { gzipSync } from "node:zlib";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { arg, startApp, type AppInstance } from "./lib/app-instance";
import { startEmptyApp } from "./lib/empty-app";
import { ApiClient, customerPages } from "./lib/flow";
import { scriptUrls } from "../support/page-scripts";
import { kb, printTable, target } from "./lib/table";

const TARGET_RATIO = 1.2;

// Rough "what is in this chunk" by well-known strings (names are hashed in the build).
const SIGNATURES: [string, RegExp][] = [
  ["zod", /ZodError|_zod\b|\$ZodType/],
  ["forms (use-form)", /handleSubmit[\s\S]{0,2000}formState|useFormContext/],
  ["@tanstack/react-query", /QueryClient|queryKey/],
  ["qrcode", /QRCode|qrcode/i],
  ["react-dom", /react-dom|__reactContainer/],
];

const gzCache = new Map<string, { raw: number; gz: number; has: string[] }>();
async function gzSize(url: string) {
  const cached = gzCache.get(url);
  if (cached) return cached;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const buf = Buffer.from(await res.arrayBuffer());
  const text = buf.toString("utf8");
  const size = {
    raw: buf.length,
    gz: gzipSync(buf, { level: 9 }).length,
    has: SIGNATURES.filter(([, re]) => re.test(text)).map(([n]) => n),
  };
  gzCache.set(url, size);
  return size;
}

export async function pageWeight(base: string, pagePath: string) {
  const res = await fetch(`${base}${pagePath}`, { headers: { accept: "text/html" } });
  if (!res.ok) throw new Error(`GET ${pagePath} answered ${res.status}`);
  const html = await res.text();
  const urls = scriptUrls(html);
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const s = await gzSize(new URL(u, base).toString());
    raw += s.raw;
    gz += s.gz;
  }
  return { scripts: urls.length, raw, gz, urls: urls.map((u) => new URL(u, base).toString()) };
}

async function measureEmptyApp() {
  const app = await startEmptyApp();
  try {
    return { ...(await pageWeight(app.url, "/")), buildSeconds: app.buildSeconds };
  } finally {
    await app.stop();
  }
}

async function main() {
  console.log("[js-weight] building the empty Next.js app (fixture) ...");
  const empty = await measureEmptyApp();
  console.log(`[js-weight] empty app built in ${empty.buildSeconds.toFixed(0)} s`);

  const given = arg("url", "");
  let app: AppInstance | undefined;
  try {
    if (!given)
      console.log("[js-weight] starting the storefront (builds first when sources changed) ...");
    app = given ? undefined : await startApp({ name: "js-weight" });
    const base = given || app!.url;
    const api = new ApiClient(base);
    const v = SANDBOX_VEHICLES.withDebts;
    const { lookup, fine, paths } = await customerPages(api);

    const pages: [string, string][] = [
      ["home /", "/"],
      ["/consulta", `/consulta?placa=${v.plate}&uf=${v.uf}`],
      ["/consulta/[id]", paths.lookup],
      ["/consulta/[id]/pagamento", `/consulta/${lookup.id}/pagamento?debts=${fine.id}`],
      ["/pagar/[token]", paths.pay],
      ["/pagamento/[ref]", paths.status],
    ];
    const rows: (string | number)[][] = [
      ["empty Next app /", empty.scripts, kb(empty.raw), kb(empty.gz), "1.00x"],
    ];
    let heaviest = { name: "", gz: 0, urls: [] as string[] };
    for (const [name, p] of pages) {
      const w = await pageWeight(base, p);
      rows.push([name, w.scripts, kb(w.raw), kb(w.gz), `${(w.gz / empty.gz).toFixed(2)}x`]);
      if (w.gz > heaviest.gz) heaviest = { name, gz: w.gz, urls: w.urls };
    }
    printTable(
      "First-load JS per page (gzip -9 of every /_next/static script the HTML references)",
      ["page", "scripts", "raw", "gzipped", "vs empty"],
      rows,
    );
    // Where the heaviest page's weight goes: its chunks, largest first.
    const chunks = heaviest.urls
      .map((u) => ({ u: new URL(u).pathname, ...gzCache.get(u)! }))
      .sort((a, b) => b.gz - a.gz);
    printTable(
      `Chunks of the heaviest page (${heaviest.name}), largest first; "contains" = well-known strings found`,
      ["chunk", "gzipped", "contains"],
      chunks.map((c) => [
        c.u.replace("/_next/static/chunks/", ""),
        kb(c.gz),
        c.has.join(", ") || "-",
      ]),
    );
    const ratio = heaviest.gz / empty.gz;
    target(
      "js-weight heaviest/empty",
      `${heaviest.name} ${kb(heaviest.gz)} = ${ratio.toFixed(2)}x of ${kb(empty.gz)}`,
      `<= ${TARGET_RATIO}x`,
      ratio <= TARGET_RATIO,
    );
  } finally {
    await app?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
