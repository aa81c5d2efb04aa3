import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env/schema";

const problemsOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
};

describe("parseEnv", () => {
  it("with nothing set runs against the embedded sandbox with its default test key", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      upstreamMode: "sandbox",
      upstreamEnvironment: "test",
      upstreamBaseUrl: "http://127.0.0.1:4010",
      upstreamApiKey: "sk_test_sandbox_default",
      databaseUrl: "file:./data/placa-paga.db",
      publicBaseUrl: "http://localhost:3000",
      port: 3000,
      sandboxPort: 4010,
      statusCheckIntervalMs: 31_000,
    });
    expect(env.webhookSecret).toBeUndefined();
  });

  it("refuses a live key with the embedded sandbox and says what to change", () => {
    const problems = problemsOf({ UVVI_API_KEY: "sk_live_abcdefgh" });
    expect(problems.join(" ")).toMatch(/production key.*UVVI_BASE_URL/);
  });

  it("refuses a live key over plain http", () => {
    const problems = problemsOf({ UVVI_API_KEY: "sk_live_abcdefgh", UVVI_BASE_URL: "http://api.example.com", WEBHOOK_SECRET: "x".repeat(32) });
    expect(problems.join(" ")).toMatch(/https/);
  });

  it("accepts a live key over https with a webhook secret", () => {
    const env = parseEnv({ UVVI_API_KEY: "sk_live_abcdefgh", UVVI_BASE_URL: "https://api.example.com/", WEBHOOK_SECRET: "x".repeat(32) });
    expect(env).toMatchObject({ upstreamMode: "remote", upstreamEnvironment: "live", upstreamBaseUrl: "https://api.example.com" });
  });

  it.each(["abc", "pk_test_123456", "sk_prod_123456", "sk_test_"])("refuses the malformed key %s", (key) => {
    expect(problemsOf({ UVVI_API_KEY: key }).join(" ")).toMatch(/UVVI_API_KEY must start with sk_test_ or sk_live_/);
  });

  it("requires a key and a webhook secret with a remote upstream", () => {
    const problems = problemsOf({ UVVI_BASE_URL: "https://api.example.com" });
    expect(problems.join(" ")).toMatch(/UVVI_API_KEY is required/);
    expect(problems.join(" ")).toMatch(/WEBHOOK_SECRET is required/);
  });

  it("refuses a test key the embedded sandbox would not accept", () => {
    expect(problemsOf({ UVVI_API_KEY: "sk_test_other_key" }).join(" ")).toMatch(/SANDBOX_API_KEYS/);
    expect(parseEnv({ UVVI_API_KEY: "sk_test_other_key", SANDBOX_API_KEYS: "sk_test_a1b2c3,sk_test_other_key" }).upstreamApiKey).toBe("sk_test_other_key");
  });

  it("treats empty strings as unset and rejects bad ports", () => {
    expect(parseEnv({ UVVI_BASE_URL: "", PORT: "" }).upstreamMode).toBe("sandbox");
    expect(problemsOf({ PORT: "70000" }).length).toBeGreaterThan(0);
  });

  it("reads the status-call spacing and refuses one that is not a positive whole number of ms", () => {
    expect(parseEnv({ STATUS_CHECK_INTERVAL_MS: "2000" }).statusCheckIntervalMs).toBe(2_000);
    expect(problemsOf({ STATUS_CHECK_INTERVAL_MS: "0" }).join(" ")).toMatch(/STATUS_CHECK_INTERVAL_MS/);
    expect(problemsOf({ STATUS_CHECK_INTERVAL_MS: "soon" }).join(" ")).toMatch(/STATUS_CHECK_INTERVAL_MS/);
  });
});
