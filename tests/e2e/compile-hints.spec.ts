import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { CUSTOMER, lookupViaApi, ORIGIN_HEADERS } from "./support/flow";
import { COMPILE_HINT } from "../../scripts/compile-hints";

// The build this suite runs (scripts/start.ts) puts V8's compile hint on each chunk a page loads
// at start, read from Next's manifests: if their format changes, these pages' scripts lose it.
test("every script a page loads at start carries V8's compile hint", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the build is the same for both projects");
  const v = SANDBOX_VEHICLES.withDebts;
  const { lookupId, debts } = await lookupViaApi(request, v);
  const free = debts.find((d) => d.dependsOn.length === 0)!;
  const checkout = await request.post("/api/checkouts", { headers: ORIGIN_HEADERS, data: { lookupId, debtIds: [free.id], customer: CUSTOMER, kind: "owner" } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { token } = (await checkout.json()) as { token: string };

  for (const path of ["/", `/consulta/${lookupId}`, `/pagar/${token}`]) {
    const html = await (await request.get(path)).text();
    // <script src> and <link rel=preload as=script>; the noModule polyfill is for old browsers only.
    const tags = html.match(/<(script|link)\b[^>]*\/_next\/static\/chunks\/[^"]+\.js[^>]*>/g) ?? [];
    const scripts = tags.filter((tag) => !/noModule/i.test(tag)).map((tag) => /(\/_next\/static\/chunks\/[^"]+\.js)/.exec(tag)![1]!);
    expect(scripts.length, `${path}: scripts in the HTML`).toBeGreaterThan(3);
    for (const src of scripts) {
      const code = await (await request.get(src)).text();
      expect(code.slice(0, COMPILE_HINT.length), `${path}: ${src}`).toBe(COMPILE_HINT);
    }
  }
});
