// Serves the build's static files from their precompressed copies (scripts/precompress-static.ts)
// before Next sees the request, as nginx's gzip_static would: no compression per request, and
// brotli where the browser takes it. Anything it cannot answer exactly (no copy, an encoding the
// client refuses, a range request, a path outside the static folder) goes to Next.
import { createReadStream, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

export type Encoding = "br" | "gzip";

const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
};
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * The encodings the client accepts, best first (brotli before gzip), from its Accept-Encoding:
 * a coding listed with q=0 is refused, as is one not listed (only `*` stands for the others).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weightOf = (coding: string) =>
    q.get(coding) ?? (coding === "gzip" ? q.get("x-gzip") : undefined) ?? q.get("*") ?? 0;
  return (["br", "gzip"] as const).filter((coding) => weightOf(coding) > 0);
}

/** The file under `staticDir` a request path names, or null when it names none (or leaves the folder). */
export function staticFileOf(urlPath: string, staticDir: string): string | null {
  if (!urlPath.startsWith(PREFIX)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (relative.includes("\0") || !TYPES[path.extname(relative)]) return null;
  const root = path.resolve(staticDir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

// Build output never changes under a running server: what exists is looked up once per file.
// Not state that decides anything: a miss only means Next answers.
const copies = new Map<string, Stats | null>();

function copyOf(file: string): Stats | null {
  let stats = copies.get(file);
  if (stats === undefined) {
    try {
      stats = statSync(file);
      if (!stats.isFile()) stats = null;
    } catch {
      stats = null;
    }
    if (copies.size > 10_000) copies.clear();
    copies.set(file, stats);
  }
  return stats;
}

/** Answers a GET/HEAD of a static file from its precompressed copy; false when Next should answer instead. */
export function servePrecompressed(
  req: IncomingMessage,
  res: ServerResponse,
  staticDir: string,
): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return false;
  const file = staticFileOf((req.url ?? "").split("?")[0]!, staticDir);
  if (!file) return false;
  for (const encoding of acceptedEncodings(req.headers["accept-encoding"])) {
    const stats = copyOf(file + SUFFIX[encoding]);
    if (!stats) continue;
    const etag = `W/"${encoding}-${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = {
      "content-type": TYPES[path.extname(file)]!,
      "content-encoding": encoding,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      etag,
      "last-modified": stats.mtime.toUTCString(),
      "x-content-type-options": "nosniff",
    };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    res.writeHead(200, { ...headers, "content-length": stats.size });
    if (req.method === "HEAD") res.end();
    else
      createReadStream(file + SUFFIX[encoding])
        .on("error", () => res.destroy())
        .pipe(res);
    return true;
  }
  return false;
}
