import { expect, test } from "./support/test";
import { candidateKeys, scanStaticBundle, STATIC_DIR } from "../support/bundle-scan";

// Authoritative: runs after the webServer (scripts/start.ts) built the app, so .next/static is
// the bundle that browsers get. The key used by the e2e server is sk_test_sandbox_default.
test("the browser bundle holds neither the API key nor the name UVVI_API_KEY", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one scan is enough");
  // The server answering means the build finished.
  expect((await request.get("/api/health")).status()).toBeLessThan(600);
  const result = scanStaticBundle(candidateKeys(process.env));
  expect(result, `${STATIC_DIR} must exist after the build`).not.toBeNull();
  expect(result!.scanned).toBeGreaterThan(0);
  expect(result!.leaks).toEqual([]);
});
