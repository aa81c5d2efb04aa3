// The production build, made only when the sources changed since the last one: npm start makes it
// before serving, and the test run makes it once before any suite starts a server (two servers
// starting at once would otherwise both build into one folder).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applyCompileHints } from "../compile-hints";
import { applyPrecompression } from "../precompress-static";

// scripts/ too: a change to how the build is made or post-processed must rebuild. Both schema
// files: the build bundles both generated clients, and a generator option (relationJoins) lives
// in the PostgreSQL one only.
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "scripts",
  "prisma/schema.prisma",
  "prisma/postgresql/schema.prisma",
  "next.config.ts",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];

/** The stamp a build is made for; `root` is where the sources are (default: here). */
export function sourceHash(root = "."): string {
  const hash = createHash("sha256");
  const walk = (p: string) => {
    if (!existsSync(p) || p.includes(`lib${path.sep}generated`)) return;
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    else hash.update(p).update(readFileSync(p));
  };
  // The paths hashed are relative to the root, so a clone of the same commit has the same stamp.
  const cwd = process.cwd();
  try {
    process.chdir(root);
    SOURCES.forEach(walk);
  } finally {
    process.chdir(cwd);
  }
  return hash.digest("hex");
}

/** Builds into `distDir` unless its stamp matches the sources; says whether it built. */
export function ensureBuild(distDir: string, env: NodeJS.ProcessEnv): boolean {
  const stamp = path.join(distDir, "source-hash");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === sourceHash()) return false;
  console.log("[start] sources changed since the last build: building");
  execFileSync("npx", ["next", "build"], { stdio: "inherit", env });
  applyCompileHints(distDir);
  applyPrecompression(distDir);
  // Hashed again after the build: with another NEXT_DIST_DIR, next build adds its types folder to
  // tsconfig.json, and the earlier hash would make every later start rebuild.
  writeFileSync(stamp, sourceHash());
  return true;
}
