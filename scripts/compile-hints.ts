// After `next build`: V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at
// the top of every chunk a page loads before it hydrates.
//
// Why: Turbopack wraps each module in a function that V8 compiles lazily, on its first call, on
// the main thread: when the last chunk arrives and every module of the page is instantiated, that
// compilation is a large share of the page's JavaScript time, in one long task on a throttled
// phone. With the hint, Chrome compiles the whole file while streaming it, on a background thread:
// the main thread's script time per load drops sharply, for a little more JS heap and no more CPU
// in all (npm run bench:js-profile shows it). Other engines ignore the
// comment. Chunks loaded later (dynamic imports) are left alone: most of their functions may never
// run, and compiling them all would only cost memory.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { loadEnv } from "../lib/env/load";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

type BuildManifest = { rootMainFiles?: string[] };
type ClientReferenceManifest = Record<string, { entryJSFiles?: Record<string, string[]> }>;

/**
 * The chunks some page loads at start, relative to the dist dir: Next's root main files (the
 * framework and runtime) and each route's entry files, read from the build's own manifests.
 */
export function firstLoadChunks(distDir: string): string[] {
  const chunks = new Set<string>();
  const build = JSON.parse(
    readFileSync(path.join(distDir, "build-manifest.json"), "utf8"),
  ) as BuildManifest;
  build.rootMainFiles?.forEach((file) => chunks.add(file));
  const appDir = path.join(distDir, "server", "app");
  const manifests = existsSync(appDir)
    ? readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((f) =>
        f.endsWith("_client-reference-manifest.js"),
      )
    : [];
  for (const manifest of manifests) {
    // The manifest is a script that assigns globalThis.__RSC_MANIFEST[route]; run it on an empty global.
    const global: { __RSC_MANIFEST?: ClientReferenceManifest } = {};
    vm.runInNewContext(readFileSync(path.join(appDir, manifest), "utf8"), global);
    for (const route of Object.values(global.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(route.entryJSFiles ?? {}))
        files.forEach((file) => chunks.add(file));
    }
  }
  return [...chunks].filter((file) => file.endsWith(".js")).sort();
}

/** Prepends the hint to each first-load chunk that lacks it; returns how many chunks carry it now. */
export function addCompileHints(distDir: string): { chunks: number; added: number } {
  const chunks = firstLoadChunks(distDir);
  let added = 0;
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk);
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    added++;
  }
  return { chunks: chunks.length, added };
}

/** addCompileHints, said on the console; a build without first-load chunks means Next's manifests changed. */
export function applyCompileHints(distDir: string): void {
  const { chunks, added } = addCompileHints(distDir);
  if (chunks === 0)
    console.warn(
      `[compile-hints] no first-load chunks found in ${distDir}: did Next's manifests change?`,
    );
  else
    console.log(
      `[compile-hints] ${chunks} first-load chunks carry the compile hint (${added} added)`,
    );
}

// `tsx scripts/compile-hints.ts` (npm run build; scripts/start.ts calls applyCompileHints itself).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  applyCompileHints(loadEnv().nextDistDir);
}
