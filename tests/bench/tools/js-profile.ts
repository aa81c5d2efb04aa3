// npm run bench:js-profile [-- --loads 4 --only pay,status]
// Where a page's main-thread JavaScript goes on load: Chromium's sampling CPU profiler over N cold
// loads (fresh browser context each) of home, lookup, pay and status, self time summed by chunk and
// Turbopack module id (`m12345`, the number before the module's factory in the chunk) and by
// function. Names are minified; open the chunk in data/bench/app-snapshot/.next/static/chunks/
// at the printed column to see the code. A diagnostic, not a benchmark with a target (it is not
// in `npm run bench`); it points at work such as Intl formatters and collators built on load.
import { readFileSync } from "node:fs";
import path from "node:path";
import { arg, SNAPSHOT_DIR } from "../lib/app-instance";
import { visitCustomerPages } from "../lib/chromium-pages";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; columnNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const LOADS = Number(arg("loads", "4"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const CHUNKS = path.join(SNAPSHOT_DIR, ".next", "static", "chunks");
const chunkSources = new Map<string, string>();

/** The Turbopack module whose factory encloses a column of a chunk (`,12345,e=>{` before it). */
function moduleAt(file: string, column: number): string {
  if (!chunkSources.has(file)) {
    try {
      chunkSources.set(file, readFileSync(path.join(CHUNKS, file), "utf8"));
    } catch {
      chunkSources.set(file, "");
    }
  }
  const before = chunkSources.get(file)!.slice(0, column);
  const match = [...before.matchAll(/,(\d{3,6}),(?:\d{3,6},)*\(?[a-z](?:,[a-z])*\)?=>\{/g)].at(-1);
  return match ? `m${match[1]}` : "runtime";
}

function top(map: Map<string, number>, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`);
}

async function main() {
  await visitCustomerPages("js-profile", ONLY, async (browser, name, url) => {
    const byModule = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
      await page.goto(url, { waitUntil: "networkidle0" });
      await new Promise((r) => setTimeout(r, 1000));
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
      await context.close();
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, s) => {
        const frame = nodes.get(id)!.callFrame;
        if (frame.functionName === "(idle)" || frame.functionName === "(program)") return;
        const ms = (profile.timeDeltas[s + 1] ?? 0) / 1000;
        const file = frame.url.replace(/.*\//, "");
        const where = frame.url.includes("/_next/static/")
          ? `${file} ${moduleAt(file, frame.columnNumber)}`
          : frame.url
            ? "(page)"
            : "(native)";
        byModule.set(where, (byModule.get(where) ?? 0) + ms);
        const fn = `${where} ${frame.functionName || "(anonymous)"}@${frame.columnNumber}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
        total += ms;
      });
    }
    console.log(
      `\n== ${name} (${new URL(url).pathname.slice(0, 24)}): ${(total / LOADS).toFixed(0)} ms of JavaScript per load (mean of ${LOADS}), self time summed over the loads`,
    );
    console.log("  by chunk and module:");
    for (const line of top(byModule, 12)) console.log(`    ${line}`);
    console.log("  by function:");
    for (const line of top(byFunction, 15)) console.log(`    ${line}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
