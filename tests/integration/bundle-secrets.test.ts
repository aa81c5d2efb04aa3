import { describe, expect, it } from "vitest";
import { candidateKeys, scanStaticBundle, STATIC_DIR } from "../support/bundle-scan";

// Fast local check on whatever build is present. `npm test` runs unit tests before any build, so
// the authoritative check is tests/e2e/bundle-secrets.spec.ts, which runs after the e2e webServer
// built the app.
const result = scanStaticBundle(candidateKeys(process.env));

describe.skipIf(result === null)("browser bundle (.next/static)", () => {
  it("holds neither the API key nor the name UVVI_API_KEY", () => {
    expect(result!.scanned).toBeGreaterThan(0);
    expect(result!.leaks).toEqual([]);
  });
});

if (result === null) {
  describe("browser bundle", () => {
    it.skip(`skipped: ${STATIC_DIR} does not exist (run \`next build\` first; the e2e suite checks it after building)`, () => {});
  });
}
