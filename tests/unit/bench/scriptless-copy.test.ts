import { createServer, request, type Server } from "node:http";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptlessCopies, stripScripts } from "../../bench/lib/scriptless-copy";

// bench:lighthouse's LCP baseline: a page's own server HTML and stylesheet, with no script.

const PAGE = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/_next/static/css/app.css" data-precedence="next"/>
<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>
<link rel="modulepreload" href="/_next/static/chunks/b.js"/>
<link rel="preload" as="font" href="/_next/static/media/f.woff2" crossorigin=""/>
<script src="/_next/static/chunks/main.js" async="" nonce="n"></script>
</head><body><main><h1>Pagar débitos</h1><p class="lead">Escolha como pagar</p></main>
<script nonce="n">self.__next_f.push([1,"\\u003cp\\u003e"])</script>
<SCRIPT>document.title = "x"</SCRIPT >
</body></html>`;
const CSS = "main{color:#123}";

let app: Server;
let origin: string;
beforeAll(async () => {
  // A stand-in for the app: a per-request page compressed with brotli, a precompressed stylesheet.
  app = createServer((req, res) => {
    const br = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body =
      req.url === "/pagar/tok" ? PAGE : req.url === "/_next/static/css/app.css" ? CSS : null;
    if (body === null) return void res.writeHead(404).end();
    const type = req.url!.endsWith(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8";
    res.writeHead(200, { "content-type": type, ...(br ? { "content-encoding": "br" } : {}) });
    res.end(br ? brotliCompressSync(body) : body);
  });
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
  const address = app.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => app.close(() => r())));

function get(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("stripScripts", () => {
  it("takes out every script, inline and external, and the script preloads, and nothing else", () => {
    const { html, scripts, preloads } = stripScripts(PAGE);
    expect(scripts).toBe(3);
    expect(preloads).toBe(2);
    expect(html).not.toMatch(/<script|\.js"|__next_f/i);
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/css/app.css"');
    expect(html).toContain('as="font"');
    expect(html).toContain('<h1>Pagar débitos</h1><p class="lead">Escolha como pagar</p>');
  });
});

describe("startScriptlessCopies", () => {
  it("answers the page at its own path without scripts, encoded as the app encodes it, and the app's own stylesheet bytes", async () => {
    const copies = await startScriptlessCopies(origin, ["/pagar/tok"]);
    try {
      expect(copies.stripped.get("/pagar/tok")).toMatchObject({ scripts: 3, preloads: 2 });
      const page = await get(`${copies.url}/pagar/tok`, "gzip, deflate, br, zstd");
      expect(page.headers["content-encoding"]).toBe("br");
      const html = brotliDecompressSync(page.body).toString("utf8");
      expect(html).toBe(stripScripts(PAGE).html);
      const css = await get(`${copies.url}/_next/static/css/app.css`, "gzip, deflate, br, zstd");
      expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(brotliDecompressSync(css.body).toString("utf8")).toBe(CSS);
    } finally {
      await copies.stop();
    }
  });
});
