import { describe, expect, it, vi } from "vitest";
import { TEST_WEBHOOK_SECRET } from "../support/test-keys";

// overrideEnvForTests (lib/env/load.ts): how tests get another configuration without writing
// process.env. Each step imports lib/env/load afresh where the point is what a new module sees.

const load = () => import("@/lib/env/load");
const base = { WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, LOG_LEVEL: "silent", RATE_LIMIT_SIGN_IN: "7" };

describe("overrideEnvForTests", () => {
  it("before the first load, is what the load parses; after, changes the loaded object in place; never process.env", async () => {
    vi.resetModules();
    const { loadEnv, overrideEnvForTests } = await load();
    const before = { ...process.env };
    const restoreBase = overrideEnvForTests(base);
    const env = loadEnv();
    expect(env.rateLimits.signInsPerIp).toBe(7);

    const restore = overrideEnvForTests({
      RATE_LIMIT_SIGN_IN: "3",
      METRICS_TOKEN: "a-metrics-token-of-24-chars+",
    });
    expect(loadEnv()).toBe(env); // the object modules already hold
    expect(env.rateLimits.signInsPerIp).toBe(3);
    expect(env.metricsToken).toBe("a-metrics-token-of-24-chars+");
    restore();
    expect(env.rateLimits.signInsPerIp).toBe(7);
    expect(env.metricsToken).toBeUndefined();
    expect(process.env).toEqual(before);
    restoreBase();
  });

  it("holds across vi.resetModules: a re-imported lib/env parses the same variables", async () => {
    vi.resetModules();
    const restore = (await load()).overrideEnvForTests({ ...base, RATE_LIMIT_SIGN_IN: "5" });
    vi.resetModules();
    expect((await load()).loadEnv().rateLimits.signInsPerIp).toBe(5);
    restore();
    vi.resetModules();
    const { loadEnv, overrideEnvForTests } = await load();
    overrideEnvForTests(base);
    expect(loadEnv().rateLimits.signInsPerIp).toBe(7);
  });

  it("refuses an invalid set and changes nothing", async () => {
    vi.resetModules();
    const { loadEnv, overrideEnvForTests } = await load();
    overrideEnvForTests(base);
    const env = loadEnv();
    expect(() => overrideEnvForTests({ RATE_LIMIT_SIGN_IN: "-1" })).toThrow(/RATE_LIMIT_SIGN_IN/);
    expect(env.rateLimits.signInsPerIp).toBe(7);
    vi.resetModules();
    expect((await load()).loadEnv().rateLimits.signInsPerIp).toBe(7);
  });

  it("undefined unsets a variable, and a child process gets the test's variables through childProcessEnv", async () => {
    vi.resetModules();
    const { childProcessEnv, loadEnv, overrideEnvForTests } = await load();
    overrideEnvForTests({ ...base, METRICS_TOKEN: "a-metrics-token-of-24-chars+" });
    overrideEnvForTests({ METRICS_TOKEN: undefined });
    expect(loadEnv().metricsToken).toBeUndefined();
    const child = childProcessEnv({ PAYMENT_ID: "p1" });
    expect(child).toMatchObject({
      RATE_LIMIT_SIGN_IN: "7",
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      PAYMENT_ID: "p1",
      PATH: process.env.PATH,
    });
    expect(child.METRICS_TOKEN).toBeUndefined();
  });
});
