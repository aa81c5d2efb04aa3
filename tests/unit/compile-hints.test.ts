import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT, firstLoadChunks } from "../../scripts/compile-hints";

// A dist dir shaped like `next build`'s (Turbopack, Next 16): the build manifest's root main
// files, one route's client reference manifest with its entry files, and a chunk only a dynamic
// import loads. The e2e suite checks the real build (compile-hints.spec.ts).
let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  write(
    path.join(dist, "build-manifest.json"),
    JSON.stringify({
      rootMainFiles: ["static/chunks/framework.js", "static/chunks/turbopack-runtime.js"],
      polyfillFiles: ["static/chunks/polyfill.js"],
    }),
  );
  const route = {
    "/pagar/[token]/page": {
      entryJSFiles: {
        "[project]/app/layout": ["static/chunks/layout.js"],
        "[project]/app/pagar/[token]/page": [
          "static/chunks/layout.js",
          "static/chunks/pay.js",
          "static/chunks/pay.css",
        ],
      },
    },
  };
  write(
    path.join(dist, "server", "app", "pagar", "[token]", "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/pagar/[token]/page"] = ${JSON.stringify(route["/pagar/[token]/page"])};`,
  );
  for (const name of [
    "framework.js",
    "turbopack-runtime.js",
    "polyfill.js",
    "layout.js",
    "pay.js",
    "lazy-validation.js",
  ])
    write(chunk(name), `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["${name}"]);`);
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("the compile hint on first-load chunks", () => {
  it("finds the root main files and every route's entry scripts, each once, and no stylesheet", () => {
    expect(firstLoadChunks(dist)).toEqual([
      "static/chunks/framework.js",
      "static/chunks/layout.js",
      "static/chunks/pay.js",
      "static/chunks/turbopack-runtime.js",
    ]);
  });

  it("puts the hint on the first line of those chunks only, the code unchanged after it", () => {
    const before = readFileSync(chunk("pay.js"), "utf8");
    expect(addCompileHints(dist)).toEqual({ chunks: 4, added: 4 });
    expect(readFileSync(chunk("pay.js"), "utf8")).toBe(COMPILE_HINT + before);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    // Loaded later or never (a dynamic import; the polyfill for browsers without modules): untouched.
    for (const name of ["lazy-validation.js", "polyfill.js"])
      expect(readFileSync(chunk(name), "utf8")).not.toContain("allFunctionsCalledOnLoad");
  });

  it("adds nothing the second time: a start that reuses the build does not stack hints", () => {
    addCompileHints(dist);
    expect(addCompileHints(dist)).toEqual({ chunks: 4, added: 0 });
    expect(
      readFileSync(chunk("framework.js"), "utf8").split("allFunctionsCalledOnLoad"),
    ).toHaveLength(2);
  });

  it("finds nothing, rather than failing, when the build has no client reference manifest", () => {
    rmSync(path.join(dist, "server"), { recursive: true });
    writeFileSync(path.join(dist, "build-manifest.json"), "{}");
    expect(firstLoadChunks(dist)).toEqual([]);
  });
});
