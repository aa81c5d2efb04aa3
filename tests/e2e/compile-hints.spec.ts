import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { scriptUrls } from "../support/page-scripts";
import { checkoutViaApi, lookupViaApi } from "./support/flow";
import { COMPILE_HINT } from "../../scripts/compile-hints";
import { MIN_BYTES } from "../../scripts/precompress-static";

// The build this suite runs (scripts/start.ts) puts V8's compile hint on each chunk a page loads
// at start, read from Next's manifests: if their format changes, these pages' scripts lose it.
test("every script a page loads at start carries V8's compile hint", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the build is the same for both projects");
  const v = SANDBOX_VEHICLES.withDebts;
  const { lookupId, debts } = await lookupViaApi(request, v);
  const free = debts.find((d) => d.dependsOn.length === 0)!;
  const token = await checkoutViaApi(request, lookupId, free.id);

  for (const path of ["/", `/consulta/${lookupId}`, `/pagar/${token}`]) {
    const scripts = scriptUrls(await (await request.get(path)).text(), { skipNoModule: true });
    expect(scripts.length, `${path}: scripts in the HTML`).toBeGreaterThan(3);
    for (const src of scripts) {
      const code = await (await request.get(src)).text();
      expect(code.slice(0, COMPILE_HINT.length), `${path}: ${src}`).toBe(COMPILE_HINT);
    }
  }
});

// The same build, as our server sends it (scripts/precompress-static.ts, lib/server/static-files.ts):
// the first-load scripts and the stylesheet in brotli to a browser that takes it, decoded to
// exactly what the plain file holds, hint included.
test("the page's scripts and stylesheet arrive precompressed in brotli, the same bytes once decoded", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the build is the same for both projects");
  const responses: Promise<{ url: string; encoding: string | undefined; body: Buffer }>[] = [];
  page.on("response", (response) => {
    if (!response.url().includes("/_next/static/") || !/\.(js|css)$/.test(response.url())) return;
    responses.push(
      Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => ({
        url: response.url(),
        encoding: headers["content-encoding"],
        body,
      })),
    );
  });
  await page.goto("/");
  await page.waitForLoadState("load");
  const seen = await Promise.all(responses);
  expect(seen.length).toBeGreaterThan(3);
  for (const { url, encoding, body } of seen) {
    const plain = await page.request.get(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"], url).toBeUndefined();
    expect(body.equals(await plain.body()), url).toBe(true);
    // Files under MIN_BYTES have no copy and go out as Next sends them.
    if (body.length >= MIN_BYTES) expect(encoding, url).toBe("br");
  }
  expect(seen.filter((s) => s.body.length >= MIN_BYTES).length).toBeGreaterThan(3);
  expect(seen.some((s) => s.url.endsWith(".css"))).toBe(true);
});
