// npm run build:dist: the production folder an image copies (issue 48, first part). It runs with
// `node` alone: no tsx, no TypeScript source, no dev dependency.
//
//   dist/server.mjs      our server (lib/server/serve.ts) compiled; Next's handler and the app's
//                        compiled code come from the build below
//   dist/sandbox.mjs     the sandbox upstream (lib/sandbox/main.ts), every dependency bundled in
//   dist/migrate.mjs     the migration step (scripts/deploy-migrate.ts): PostgreSQL, no Prisma CLI
//   dist/ops/*.mjs       the operator's commands (webhook:register, ops:*)
//   dist/.next-dist/     Next's standalone build: the server bundles, the static files
//   dist/node_modules/   only the packages the build's traced files use (Next's file tracing)
//   dist/public/, dist/prisma/ (both providers' schemas and migrations)
//
// Run it from the dist folder with NEXT_DIST_DIR=.next-dist and the usual variables
// (docs/deploy.md).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { childProcessEnv } from "../lib/env/load";
import { applyCompileHints } from "./compile-hints";
import { sourceHash } from "./lib/ensure-build";
import { applyPrecompression } from "./precompress-static";

const args = process.argv.slice(2);
// --reuse-next: package the last standalone build again (only the compiled scripts changed).
// Without it, the last one is packaged again only when it was made from the same sources (its
// stamp, as npm start's build keeps one: scripts/lib/ensure-build.ts), so npm run test:deploy's
// two halves build Next once.
const reuseNext = args.includes("--reuse-next");
const OUT = path.resolve(args.find((a) => !a.startsWith("--")) ?? "dist");
const DIST_DIR = ".next-dist";
const OPS_SCRIPTS = [
  "register-webhook",
  "unverified-payments",
  "still-listed",
  "personal-data",
  "rotate-data-key",
];

function say(message: string) {
  console.log(`[build:dist] ${message}`);
}

async function main() {
  const started = performance.now();
  rmSync(OUT, { recursive: true, force: true });
  const stamp = path.join(DIST_DIR, "source-hash");
  const built = existsSync(path.join(DIST_DIR, "standalone"));
  const current = built && existsSync(stamp) && readFileSync(stamp, "utf8") === sourceHash();
  if (current || (reuseNext && built)) {
    say(
      `packaging the standalone build in ${DIST_DIR} again (${current ? "same sources" : "--reuse-next"})`,
    );
  } else {
    say(`next build (standalone) into ${DIST_DIR}`);
    rmSync(stamp, { force: true });
    execFileSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: childProcessEnv({ NEXT_BUILD_OUTPUT: "standalone", NEXT_DIST_DIR: DIST_DIR }),
    });
    // The same post-processing as npm start's build (scripts/lib/ensure-build.ts).
    applyCompileHints(DIST_DIR);
    applyPrecompression(DIST_DIR);
    // Hashed after the build, as ensure-build does: next build may add its types to tsconfig.json.
    writeFileSync(stamp, sourceHash());
  }

  const standalone = path.join(DIST_DIR, "standalone");
  cpSync(standalone, OUT, { recursive: true, dereference: true });
  // The tracer follows lib/env/load.ts's reads of ./data (this host's generated keys and secret)
  // from the proxy's and instrumentation's traces, which outputFileTracingExcludes does not reach.
  rmSync(path.join(OUT, "data"), { recursive: true, force: true });
  // Next's own minimal server: ours (dist/server.mjs) serves instead.
  rmSync(path.join(OUT, "server.js"), { force: true });
  cpSync(path.join(DIST_DIR, "static"), path.join(OUT, DIST_DIR, "static"), { recursive: true });
  if (existsSync("public")) cpSync("public", path.join(OUT, "public"), { recursive: true });
  // Readiness compares the database with these; the migration step applies them.
  cpSync("prisma", path.join(OUT, "prisma"), { recursive: true });

  const common = {
    bundle: true,
    platform: "node" as const,
    format: "esm" as const,
    target: "node20",
    sourcemap: false,
    logLevel: "warning" as const,
    // esbuild's ESM output has no require(): the bundled CommonJS packages need one.
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
  };
  say("compiling the server and the sandbox");
  await build({
    ...common,
    entryPoints: ["lib/server/serve.ts"],
    outfile: path.join(OUT, "server.mjs"),
    // Next stays the package the standalone folder carries: its handler loads the build from disk.
    external: ["next", "next/*"],
  });
  // The migration step and the operator's commands (npm run webhook:register, ops:*), as
  // `node migrate.mjs` and `node ops/<name>.mjs`, sharing their chunks (each holds both Prisma
  // clients). Bundled, "server-only" is what Next's server condition makes it: an empty module.
  await build({
    ...common,
    entryPoints: {
      migrate: "scripts/deploy-migrate.ts",
      ...Object.fromEntries(OPS_SCRIPTS.map((name) => [`ops/${name}`, `scripts/${name}.ts`])),
    },
    outdir: OUT,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    // Native: the copy the standalone folder carries, built for this platform.
    external: ["better-sqlite3"],
    alias: { "server-only": "./scripts/lib/empty-module.ts" },
  });
  await build({
    ...common,
    entryPoints: ["lib/sandbox/main.ts"],
    outfile: path.join(OUT, "sandbox.mjs"),
  });
  writeFileSync(
    path.join(OUT, "package.json"),
    `${JSON.stringify({ name: "placa-paga-dist", private: true, type: "module" }, null, 2)}\n`,
  );
  say(`done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
