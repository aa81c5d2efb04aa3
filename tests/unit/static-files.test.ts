import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings, servePrecompressed, staticFileOf } from "@/lib/server/static-files";
import { precompressStatic } from "../../scripts/precompress-static";

describe("which encodings a client takes (Accept-Encoding)", () => {
  it("brotli before gzip, whatever order the client lists them in", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("br;q=0.5, gzip;q=1")).toEqual(["br", "gzip"]);
  });
  it("a coding with q=0, or not listed, is refused; * stands for the unlisted ones; x-gzip is gzip", () => {
    expect(acceptedEncodings("gzip, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("deflate")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("x-gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=abc, gzip")).toEqual(["gzip"]);
  });
});

describe("which file a request names", () => {
  const root = path.resolve("/srv/app/.next/static");
  it("a static script or stylesheet under the static folder", () => {
    expect(staticFileOf("/_next/static/chunks/a1.js", root)).toBe(
      path.join(root, "chunks", "a1.js"),
    );
    expect(staticFileOf("/_next/static/chunks/x.css", root)).toBe(
      path.join(root, "chunks", "x.css"),
    );
  });
  it("nothing outside it, nothing of another type, nothing malformed", () => {
    for (const url of [
      "/_next/static/../server/app/page.js",
      "/_next/static/%2e%2e/%2e%2e/package.json",
      "/_next/static/chunks/..%2f..%2fserver.js",
      "/_next/static/chunks/a.js.br",
      "/_next/static/chunks/a.map",
      "/_next/static/chunks/%E0%A4%A.js",
      "/_next/static/chunks/a%00.js",
      "/api/health",
      "/_next/image?url=x",
    ]) {
      expect(staticFileOf(url, root), url).toBeNull();
    }
  });
});

describe("serving the precompressed copies", () => {
  let dir: string;
  let server: Server;
  let base: string;
  const script = `(globalThis.TURBOPACK||[]).push(["${"x".repeat(4000)}"]);`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
    mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(dir, "static", "chunks", "app.js"), script);
    writeFileSync(path.join(dir, "static", "chunks", "tiny.js"), "1");
    writeFileSync(path.join(dir, "server.js"), "secret");
    expect(precompressStatic(dir)).toMatchObject({ files: 1 });
    utimesSync(
      path.join(dir, "static", "chunks", "app.js.br"),
      new Date("2026-11-25T12:00:00Z"),
      new Date("2026-11-25T12:00:00Z"),
    );
    // What Next would have answered: a marker, so a test sees who answered.
    server = createServer((req, res) => {
      if (!servePrecompressed(req, res, path.join(dir, "static")))
        res.writeHead(299, { "x-answered-by": "next" }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  // fetch would decode the body itself: node:http sees the bytes on the wire.
  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: Buffer;
    }>((resolve, reject) => {
      const req = request(base + url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });

  it("brotli to a browser that takes it, gzip to one that takes only gzip, both the same script", async () => {
    const br = await get("/_next/static/chunks/app.js", {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=UTF-8",
      vary: "Accept-Encoding",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it("a repeat visit with the ETag gets 304 and no body; HEAD gets the headers only", async () => {
    const first = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    const again = await get("/_next/static/chunks/app.js", {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("everything it cannot answer exactly goes to Next: no copy, no accepted encoding, a range, a POST, a path outside", async () => {
    for (const [url, headers, method] of [
      ["/_next/static/chunks/tiny.js", { "accept-encoding": "br, gzip" }, "GET"],
      ["/_next/static/chunks/app.js", {}, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "identity" }, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "br", range: "bytes=0-10" }, "GET"],
      ["/_next/static/chunks/app.js", { "accept-encoding": "br" }, "POST"],
      ["/_next/static/chunks/missing.js", { "accept-encoding": "br" }, "GET"],
      ["/_next/static/..%2fserver.js", { "accept-encoding": "br" }, "GET"],
    ] as const) {
      const res = await get(url, headers, method);
      expect(res.headers["x-answered-by"], `${method} ${url} ${JSON.stringify(headers)}`).toBe(
        "next",
      );
    }
  });
});
