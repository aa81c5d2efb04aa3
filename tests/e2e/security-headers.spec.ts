import { expect, test } from "./support/test";

test("pages carry a nonce-based CSP and hydrate under it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(msg.text())) violations.push(msg.text());
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
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(nonce);
});

test("a path Next cannot decode gets a 400 with our headers, not a bare 500", async ({ request }) => {
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
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
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
  await expect(page.getByText("RENAVAM inválido. Ele tem 11 números (os mais antigos, 9).")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
});
