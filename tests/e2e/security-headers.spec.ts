import { expect, test } from "@playwright/test";

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
  // Next put the nonce on its scripts: every script element carries it.
  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  for (const n of scripts) expect(n).toBe(nonce);
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
