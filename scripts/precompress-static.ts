// After `next build` (and the compile hints, which change the chunks): a brotli (quality 11) and a
// gzip (level 9) copy beside every script and stylesheet under <distDir>/static, which our server
// sends as they are (lib/server/static-files.ts), as nginx's gzip_static or a CDN would.
//
// Why: Next compresses each static file again on every request, with gzip at its default level,
// on the same event loop and the same cores as the page render. Brotli at quality 11 is smaller
// than that gzip on the first-load scripts, and a page load no longer costs the server the
// compression of its JavaScript (docs/benchmarks.md).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadEnv } from "../lib/env/load";

/** What is worth compressing; the server serves precompressed copies of these types only. */
export const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Smaller files gain less than their headers cost. */
export const MIN_BYTES = 1024;

export function compressedCopies(source: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz: gzipSync(source, { level: 9 }),
  };
}

/** Writes file.br and file.gz for every compressible file of <distDir>/static; returns how many files got copies. */
export function precompressStatic(distDir: string): {
  files: number;
  bytes: number;
  brBytes: number;
} {
  const root = path.join(distDir, "static");
  const totals = { files: 0, bytes: 0, brBytes: 0 };
  if (!existsSync(root)) return totals;
  for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const file = path.join(root, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const { br, gz } = compressedCopies(source);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += source.length;
    totals.brBytes += br.length;
  }
  return totals;
}

/** precompressStatic, said on the console. */
export function applyPrecompression(distDir: string): void {
  const { files, bytes, brBytes } = precompressStatic(distDir);
  console.log(
    `[precompress] ${files} static files: ${Math.round(bytes / 1024)} KB -> ${Math.round(brBytes / 1024)} KB brotli (gzip beside it)`,
  );
}

// `tsx scripts/precompress-static.ts` (npm run build; scripts/start.ts calls applyPrecompression itself).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  applyPrecompression(loadEnv().nextDistDir);
}
