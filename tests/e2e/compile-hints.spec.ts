import { expect, test } from "./support/test";
import { SANDBOX_VEHICLES } from "@/lib/sandbox/catalog/vehicles";
import { scriptUrls } from "../bench/lib/page-scripts";
import { checkoutViaApi, lookupViaApi } from "./support/flow";
import { COMPILE_HINT } from "../../scripts/compile-hints";

// The build this suite runs (scripts/start.ts) puts V8's compile hint on each chunk a page loads
// at start, read from Next's manifests: if their format changes, these pages' scripts lose it.
test("every script a page loads at start carries V8's compile hint", async ({ request }, testInfo) => {
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
