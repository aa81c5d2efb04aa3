import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

// The developer reference page (/desenvolvedores/api) renders /api/v1/openapi.json with
// swagger-ui, served from our own origin: no CDN, no request leaves the page, and the 1.7 MB bundle
// is fetched only by that page (never by the storefront's pages, whose weight bench:js holds).
// The page itself carries one nonce'd script, reference.js, which loads the bundle: under the CSP's
// 'strict-dynamic' a script a trusted script inserts is trusted, so no inline script is needed.

// Read from the installed package at run time, never imported: the bundler would take the CSS for
// a stylesheet of the app and the 1.7 MB script for a module of the server bundle.
const SWAGGER_UI_DIR = path.join(process.cwd(), "node_modules", "swagger-ui-dist");

export const REFERENCE_ASSET_BASE = "/desenvolvedores/api/assets";

const INIT_SCRIPT = `(() => {
  const mount = document.getElementById("api-reference");
  if (!mount || mount.dataset.started) return;
  mount.dataset.started = "1";
  const start = () => {
    mount.replaceChildren();
    window.SwaggerUIBundle({
      url: "/api/v1/openapi.json",
      domNode: mount,
      deepLinking: true,
      // The public validator would send our document to validator.swagger.io.
      validatorUrl: null,
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
    });
  };
  if (window.SwaggerUIBundle) return start();
  const script = document.createElement("script");
  script.src = "${REFERENCE_ASSET_BASE}/swagger-ui-bundle.js";
  script.onload = start;
  script.onerror = () => {
    mount.textContent = "Não foi possível carregar a referência. Recarregue a página ou use o documento OpenAPI.";
  };
  document.head.appendChild(script);
})();
`;

type Asset = { body: Buffer; type: string; etag: string };

const SOURCES: Record<string, { type: string; read: () => Buffer }> = {
  "reference.js": { type: "text/javascript; charset=utf-8", read: () => Buffer.from(INIT_SCRIPT) },
  "swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    read: () => readFileSync(path.join(SWAGGER_UI_DIR, "swagger-ui-bundle.js")),
  },
  "swagger-ui.css": {
    type: "text/css; charset=utf-8",
    read: () => readFileSync(path.join(SWAGGER_UI_DIR, "swagger-ui.css")),
  },
};

const cache = new Map<string, Asset>();

function load(name: string): Asset | null {
  const source = Object.hasOwn(SOURCES, name) ? SOURCES[name] : undefined;
  if (!source) return null;
  let asset = cache.get(name);
  if (!asset) {
    const body = source.read();
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    asset = { body, type: source.type, etag };
    cache.set(name, asset);
  }
  return asset;
}

/** One of the reference page's files; 404 for any other name. Next's own compression gzips it. */
export function referenceAsset(name: string, headers: Headers): Response {
  const asset = load(name);
  if (!asset) return new Response("Not found", { status: 404 });
  const common = {
    "content-type": asset.type,
    etag: asset.etag,
    // The page asks for them by a fixed name: revalidate daily, a new release's ETag differs.
    "cache-control": "public, max-age=86400",
  };
  if (headers.get("if-none-match") === asset.etag)
    return new Response(null, { status: 304, headers: common });
  return new Response(new Uint8Array(asset.body), { status: 200, headers: common });
}
