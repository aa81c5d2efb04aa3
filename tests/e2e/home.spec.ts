import { expect, test } from "@playwright/test";

test("the home page answers in pt-BR with the test-environment banner", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Ambiente de testes")).toBeVisible();
});

test("GET /api/health reports the database and the sandbox up", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, environment: "test", upstreamMode: "sandbox", database: { ok: true }, upstream: { ok: true } });
});
