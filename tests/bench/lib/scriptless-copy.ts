// The LCP target's baseline (tests/bench/lighthouse.ts): each storefront page as the server renders
// it, with its stylesheet, but with no script. Its HTML is fetched once from the running app,
// every <script> (external and inline, the RSC payload included) and every script preload is
// taken out, and a tiny static server answers it from memory at the page's own path, compressed
// as the app compressed that HTML. Anything else the page asks for (its CSS, fonts, images) is
// fetched from the app once and answered with the app's own bytes and headers (precompressed
// brotli or gzip as the app serves them). So page and baseline share document, styles and
// assets, and differ by the scripts and by the app rendering the document per request.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { freePort } from "../../support/app-process";

export type ScriptlessCopies = {
  /** The origin that serves every copy at its page's path (query string included). */
  url: string;
  /** Per page path: the copy's size and what was taken out. */
  stripped: Map<string, { scripts: number; preloads: number; bytes: number }>;
  stop: () => Promise<void>;
};

const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function get(origin: string, path: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, origin),
      { headers: { "accept-encoding": acceptEncoding, accept: "*/*" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The HTML without scripts: <script> elements, and <link> preloads of scripts. */
export function stripScripts(html: string): { html: string; scripts: number; preloads: number } {
  let scripts = 0;
  let preloads = 0;
  const out = html
    // An inline script's text cannot hold "</script>" (React escapes "<" in its payload).
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, () => {
      scripts++;
      return "";
    })
    .replace(/<link\b[^>]*>/gi, (tag) => {
      const script = /\brel=["']?modulepreload\b/i.test(tag) || /\bas=["']?script\b/i.test(tag);
      if (script) preloads++;
      return script ? "" : tag;
    });
  return { html: out, scripts, preloads };
}

const ENCODE: Record<string, (b: Buffer) => Buffer> = {
  br: (b) => brotliCompressSync(b),
  gzip: (b) => gzipSync(b, { level: 9 }),
  deflate: (b) => deflateSync(b),
};

export async function startScriptlessCopies(
  origin: string,
  paths: string[],
): Promise<ScriptlessCopies> {
  const pages = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  const stripped: ScriptlessCopies["stripped"] = new Map();
  const assets = new Map<string, Promise<Answer>>();
  const asset = (path: string, acceptEncoding: string) => {
    const key = `${acceptEncoding} ${path}`;
    if (!assets.has(key)) assets.set(key, get(origin, path, acceptEncoding));
    return assets.get(key)!;
  };

  for (const path of paths) {
    const plain = await get(origin, path, "identity");
    if (plain.status !== 200) throw new Error(`scriptless copy: ${path} answered ${plain.status}`);
    // How the app sends this document to a browser, to send its copy the same way.
    const encoding = String(
      (await get(origin, path, BROWSER_ENCODINGS)).headers["content-encoding"] ?? "",
    );
    const { html, scripts, preloads } = stripScripts(plain.body.toString("utf8"));
    const raw = Buffer.from(html, "utf8");
    const encode = ENCODE[encoding];
    pages.set(path, {
      body: encode ? encode(raw) : raw,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        ...(encode ? { "content-encoding": encoding, vary: "Accept-Encoding" } : {}),
      },
    });
    stripped.set(path, { scripts, preloads, bytes: raw.length });
    // The stylesheets now, so no measured load waits on the app for them.
    for (const m of html.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/gi)) {
      const href = /\bhref=["']?([^"' >]+)/i.exec(m[0])?.[1];
      if (href?.startsWith("/")) await asset(href.replace(/&amp;/g, "&"), BROWSER_ENCODINGS);
    }
  }

  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    const page = pages.get(path);
    if (page) {
      res.writeHead(200, page.headers);
      res.end(page.body);
      return;
    }
    asset(path, String(req.headers["accept-encoding"] ?? "identity")).then(
      ({ status, headers, body }) => {
        const keep: Record<string, string> = {};
        for (const h of ["content-type", "content-encoding", "cache-control", "vary"])
          if (headers[h]) keep[h] = String(headers[h]);
        res.writeHead(status, { ...keep, "content-length": body.length });
        res.end(body);
      },
      () => {
        res.writeHead(502);
        res.end();
      },
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stripped,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
