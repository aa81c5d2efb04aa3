// npm run bench:js-modules [-- --url http://127.0.0.1:3000]
// What each customer page's first-load JavaScript is made of, beyond an empty Next app's: the
// chunks its HTML references that the empty app (built in the same run) has no module of, split
// into Turbopack modules (`,12345,e=>{` starts a factory), each gzipped alone (so the sizes add up
// to a bit more than the chunk's) with the start of its code to recognise it, and the pages that
// load it. Module ids and minified names differ between the two builds: a module counts as the
// empty app's when its code is the same once numbers and one- or two-letter names are blanked.
// A diagnostic for bench:js, not a benchmark.
import { gzipSync } from "node:zlib";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { arg, startApp, type AppInstance } from "../lib/app-instance";
import { startEmptyApp } from "../lib/empty-app";
import { ApiClient, customerPages } from "../lib/flow";
import { scriptUrls } from "../../support/page-scripts";

const FACTORY = /,(\d{2,7}),(?:\d{2,7},)*\(?[a-z](?:,[a-z])*\)?=>\{/g;
type Module = { id: string; key: string; gz: number; head: string };

/** A module's code with what differs between two builds of it blanked: ids and minified names. */
const normalized = (code: string) =>
  code.replace(/\d+/g, "#").replace(/(?<![\w$.])[A-Za-z_$][\w$]?(?![\w$])/g, "_");

async function modulesOf(base: string, pagePath: string): Promise<Module[]> {
  const html = await (
    await fetch(`${base}${pagePath}`, { headers: { accept: "text/html" } })
  ).text();
  const out: Module[] = [];
  for (const u of scriptUrls(html)) {
    const src = await (await fetch(new URL(u, base))).text();
    const starts = [...src.matchAll(FACTORY)];
    starts.forEach((m, i) => {
      const code = src.slice(m.index, starts[i + 1]?.index ?? src.length);
      out.push({
        id: m[1]!,
        key: normalized(code.slice(m[0].length)),
        gz: gzipSync(code, { level: 9 }).length,
        head: code.slice(m[0].length, m[0].length + 140).replace(/\s+/g, " "),
      });
    });
  }
  return out;
}

async function main() {
  const empty = await startEmptyApp();
  const framework = new Set(
    (await modulesOf(empty.url, "/").finally(() => empty.stop())).map((m) => m.key),
  );
  const given = arg("url", "");
  let app: AppInstance | undefined;
  try {
    app = given ? undefined : await startApp({ name: "js-modules" });
    const base = given || app!.url;
    const v = SANDBOX_VEHICLES.withDebts;
    const { lookup, fine, paths } = await customerPages(new ApiClient(base));
    const pages: [string, string][] = [
      ["home", "/"],
      ["consulta", `/consulta?placa=${v.plate}&uf=${v.uf}`],
      ["lookup", paths.lookup],
      ["step", `/consulta/${lookup.id}/pagamento?debts=${fine.id}`],
      ["pay", paths.pay],
      ["status", paths.status],
    ];
    const all = new Map<string, Module & { pages: string[] }>();
    for (const [name, p] of pages) {
      const mods = (await modulesOf(base, p)).filter((m) => !framework.has(m.key));
      const kb = mods.reduce((s, m) => s + m.gz, 0) / 1024;
      console.log(
        `${name.padEnd(9)} ${mods.length} modules beyond the empty app, ${kb.toFixed(1)} KB gz (each gzipped alone)`,
      );
      for (const m of mods) {
        const seen = all.get(m.id) ?? { ...m, pages: [] };
        if (!seen.pages.includes(name)) seen.pages.push(name);
        all.set(m.id, seen);
      }
    }
    console.log("\nmodule     gz KB  pages                                start of the code");
    for (const m of [...all.values()].sort((a, b) => b.gz - a.gz)) {
      console.log(
        `m${m.id.padEnd(8)} ${(m.gz / 1024).toFixed(1).padStart(5)}  ${m.pages.join(",").padEnd(36)} ${m.head}`,
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
