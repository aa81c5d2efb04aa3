import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { overrideEnvForTests, setupTestEnvironment, type TestEnvironment } from "../support/test-env";

// A wrong key (401, our configuration) and an unreachable upstream (network error).

let env: TestEnvironment;
beforeAll(async () => {
  env = await setupTestEnvironment();
});
afterAll(() => env.close());

/** The upstream client reads the base URL and the key per call: `vars` apply to this test only. */
async function clientWith(vars: Record<string, string>) {
  onTestFinished(overrideEnvForTests(vars));
  return { ...(await import("@/lib/upstream/client")), ...(await import("@/lib/upstream/errors")) };
}

describe("configuration and transport failures", () => {
  it("401 -> UPSTREAM_UNAUTHORIZED, with a generic message for people", async () => {
    const { upstream, UpstreamError } = await clientWith({ UVVI_API_KEY: "sk_test_not_a_configured_key" });
    const error = await upstream.simulateInstallments(10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: "UPSTREAM_UNAUTHORIZED", httpStatus: 401, shape: "A" });
    expect((error as InstanceType<typeof UpstreamError>).userMessage).toMatch(/instabilidade/);
  });

  it("nothing listening -> UPSTREAM_NETWORK after the bounded retries", async () => {
    const { upstream, UpstreamError } = await clientWith({ UVVI_BASE_URL: "http://127.0.0.1:9" });
    const error = await upstream.enrichVehicle("MGD1E23").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: "UPSTREAM_NETWORK" });
  });
});
