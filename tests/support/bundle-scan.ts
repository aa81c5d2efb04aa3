import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Scans the browser bundle (.next/static) for the upstream API key: the configured value, the
// variable's name, and anything shaped like an sk_test_/sk_live_ key.

export const STATIC_DIR = path.resolve(".next/static");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

export type Leak = { file: string; found: string };

export function scanStaticBundle(keys: string[]): { scanned: number; leaks: Leak[] } | null {
  if (!existsSync(STATIC_DIR)) return null;
  const needles = [...new Set(["UVVI_API_KEY", ...keys.filter(Boolean)])];
  const leaks: Leak[] = [];
  // The .br/.gz copies (scripts/precompress-static.ts) are compressed from the files beside them:
  // scanning those originals covers what any browser receives, and compressed bytes never match.
  const all = files(STATIC_DIR).filter((file) => !/\.(br|gz)$/.test(file));
  for (const file of all) {
    const text = readFileSync(file, "latin1");
    for (const needle of needles) if (text.includes(needle)) leaks.push({ file, found: needle });
    const shaped = /sk_(?:test|live)_[A-Za-z0-9_-]{6,}/.exec(text);
    if (shaped) leaks.push({ file, found: shaped[0] });
  }
  return { scanned: all.length, leaks };
}

/** The keys a build may have seen: the e2e key, the sandbox default, and the current env's. */
export function candidateKeys(env: Record<string, string | undefined>): string[] {
  return [
    "sk_test_sandbox_default",
    env.UVVI_API_KEY ?? "",
    ...(env.SANDBOX_API_KEYS ?? "").split(","),
  ]
    .map((k) => k.trim())
    .filter(Boolean);
}
