import { expect, test } from "./support/test";

test("pages carry a nonce-based CSP and hydrate under it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(msg.text()))
      violations.push(msg.text());
  });
  const response = await page.goto("/");
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Next put the nonce on every script of the server's HTML. (Chunks loaded later are inserted by
  // those trusted scripts and run under 'strict-dynamic', so the live DOM is not the thing to check.)
  const html = (await response?.text()) ?? "";
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);

  const second = await page.request.get("/");
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(
    nonce,
  );
});

test("a path Next cannot decode gets a 400 with our headers, not a bare 500", async ({
  request,
}) => {
  for (const path of ["/api/lookups/%FF", "/api/lookups/abc%", "/consulta/%ED%A0%80"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect((await res.json()).error.code).toBe("MALFORMED_URL");
  }
});

test("form pages validate under the CSP without a single violation", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Buscar veículo" })).toBeEnabled(); // hydrated
  await page.getByRole("textbox", { name: "Placa" }).fill("AB");
  await page.getByRole("button", { name: "Buscar veículo" }).click();
  await expect(page.getByText("Placa inválida. Use o formato ABC1234 ou ABC1D23.")).toBeVisible();
  await page.goto("/consulta");
  await expect(page.getByRole("button", { name: "Consultar débitos" })).toBeEnabled();
  await page.getByRole("textbox", { name: "RENAVAM" }).fill("123");
  await page.getByRole("button", { name: "Consultar débitos" }).click();
  await expect(
    page.getByText("RENAVAM inválido. Ele tem 11 números (os mais antigos, 9)."),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});

test("public/: favicon, app icons and a web app manifest for the home screen; robots.txt keeps token pages out", async ({
  page,
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const rules = (await robots.text())
    .split("\n")
    .filter((l) => l.startsWith("Disallow: "))
    .map((l) => l.slice("Disallow: ".length));
  // Every page under a person's token or id, and the lookup form prefilled with a plate.
  for (const path of [
    "/pagar/abc",
    "/pagamento/abc",
    "/links",
    "/links/abc",
    "/consulta/abc",
    "/consulta?placa=ABC1234",
    "/api/lookups",
  ]) {
    expect(
      rules.some((prefix) => path.startsWith(prefix)),
      path,
    ).toBe(true);
  }
  for (const path of ["/", "/consulta"])
    expect(
      rules.some((prefix) => path.startsWith(prefix)),
      path,
    ).toBe(false);

  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: "Placa Paga",
    start_url: "/",
    display: "standalone",
    lang: "pt-BR",
  });
  // What Chromium needs to offer "install": a 192 and a 512 PNG, plus a maskable one for Android.
  for (const want of ["192x192", "512x512"])
    expect(
      manifest.icons.some((i) => i.sizes === want && i.type === "image/png" && i.purpose === "any"),
      want,
    ).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const icon of [
    ...manifest.icons,
    { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
  ]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    const body = await file.body();
    if (icon.type === "image/png") {
      // The PNG header's own width and height: the sizes the manifest promises.
      expect(body.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    } else {
      expect(body.toString("utf8"), icon.src).toContain("<svg");
    }
  }
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect((await ico.body()).readUInt16LE(2)).toBe(1); // ICO resource type

  // Every page links them, under the CSP (the first test checks no violation on the home page).
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest",
  );
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    "href",
    "/apple-touch-icon.png",
  );
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
});

test("the API reference renders the OpenAPI document under the CSP, from our own origin, and only there", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto("/desenvolvedores/api");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await expect(page.getByRole("heading", { level: 1, name: "Referência da API" })).toBeVisible();
  // The renderer drew the document: its title, an operation of each kind, and the webhooks.
  const reference = page.locator("#api-reference");
  await expect(reference.locator(".info .title")).toContainText("Placa Paga API");
  await expect(
    reference.locator(".opblock-post").filter({ hasText: "/lookups" }).first(),
  ).toBeVisible();
  await expect(
    reference.locator(".opblock-get").filter({ hasText: "/clients" }).first(),
  ).toBeVisible();
  await expect(reference.getByText("link.paid", { exact: true }).first()).toBeVisible();
  // An operation opens with its example answer.
  await reference
    .locator(".opblock-post")
    .filter({ hasText: "/lookups" })
    .first()
    .locator(".opblock-summary")
    .click();
  await expect(reference.getByText("Idempotency-Key").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith("data:"))).toEqual([]);
  expect(
    requested.some((u) => u.endsWith("/desenvolvedores/api/assets/swagger-ui-bundle.js")),
  ).toBe(true);

  // The storefront's pages never fetch the renderer.
  requested.length = 0;
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requested.filter((u) => u.includes("/desenvolvedores/api/assets/"))).toEqual([]);

  // Only the page's own files are served from the asset route, compressed when asked (by Next).
  const request = page.request;
  for (const name of [
    "..%2F..%2Fpackage.json",
    "package.json",
    "swagger-ui-bundle.js.map",
    "index.html",
  ])
    expect((await request.get(`/desenvolvedores/api/assets/${name}`)).status(), name).toBe(404);
  const bundle = await request.get("/desenvolvedores/api/assets/swagger-ui-bundle.js", {
    headers: { "accept-encoding": "gzip" },
  });
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()["content-encoding"]).toBe("gzip");
  expect(bundle.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const etag = bundle.headers()["etag"] ?? "";
  expect(
    (
      await request.get("/desenvolvedores/api/assets/swagger-ui-bundle.js", {
        headers: { "if-none-match": etag },
      })
    ).status(),
  ).toBe(304);
});
