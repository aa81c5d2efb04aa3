import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, TEST_COMPANY } from "@/lib/env/schema";
import { isValidCnpj } from "@/lib/rules/cpf-cnpj";

const LIVE_DATA_KEYS = {
  DATA_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
  DATA_INDEX_KEY: Buffer.alloc(32, 9).toString("base64"),
};

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
      databaseProvider: "sqlite",
      publicBaseUrl: "http://localhost:3000",
      port: 3000,
      sandboxPort: 4010,
      statusCheckIntervalMs: 31_000,
    });
    expect(env.webhookSecret).toBeUndefined();
  });

  it("picks the database by DATABASE_URL's scheme and refuses any other scheme, naming the variable", () => {
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).databaseProvider).toBe("sqlite");
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db:5432/app" }).databaseProvider).toBe(
      "postgresql",
    );
    expect(parseEnv({ DATABASE_URL: "postgresql://db/app?sslmode=require" }).databaseProvider).toBe(
      "postgresql",
    );
    for (const url of [
      "mysql://db/app",
      "./data/x.db",
      "sqlite:x.db",
      "postgresql:/db",
      "libsql://db.turso.io",
    ]) {
      expect(problemsOf({ DATABASE_URL: url }).join(" ")).toMatch(
        /^DATABASE_URL: DATABASE_URL must start with file: \(SQLite\) or postgres:\/\//,
      );
    }
  });

  it("refuses a live key with the embedded sandbox and says what to change", () => {
    const problems = problemsOf({ UVVI_API_KEY: "sk_live_abcdefgh" });
    expect(problems.join(" ")).toMatch(/production key.*UVVI_BASE_URL/);
  });

  it("refuses a live key over plain http", () => {
    const problems = problemsOf({
      UVVI_API_KEY: "sk_live_abcdefgh",
      UVVI_BASE_URL: "http://api.example.com",
      WEBHOOK_SECRET: "x".repeat(32),
    });
    expect(problems.join(" ")).toMatch(/https/);
  });

  it("accepts a live key over https with a webhook secret", () => {
    const env = parseEnv({
      UVVI_API_KEY: "sk_live_abcdefgh",
      UVVI_BASE_URL: "https://api.example.com/",
      WEBHOOK_SECRET: "x".repeat(32),
      COMPANY_NAME: "Empresa X",
      COMPANY_CNPJ: "11222333000181",
      SMTP_URL: "smtps://u:p@smtp.example.com:465",
      ...LIVE_DATA_KEYS,
    });
    expect(env).toMatchObject({
      upstreamMode: "remote",
      upstreamEnvironment: "live",
      upstreamBaseUrl: "https://api.example.com",
    });
  });

  it.each(["abc", "pk_test_123456", "sk_prod_123456", "sk_test_"])(
    "refuses the malformed key %s",
    (key) => {
      expect(problemsOf({ UVVI_API_KEY: key }).join(" ")).toMatch(
        /UVVI_API_KEY must start with sk_test_ or sk_live_/,
      );
    },
  );

  it("requires a key and a webhook secret with a remote upstream", () => {
    const problems = problemsOf({ UVVI_BASE_URL: "https://api.example.com" });
    expect(problems.join(" ")).toMatch(/UVVI_API_KEY is required/);
    expect(problems.join(" ")).toMatch(/WEBHOOK_SECRET is required/);
  });

  it("keeps personal data 30 days unpaid, 5 years paid, 7 days for payloads and mails, unless told; never less than a day", () => {
    expect(parseEnv({}).retention).toEqual({
      unpaidDays: 30,
      paidYears: 5,
      webhookPayloadDays: 7,
      mailDays: 7,
    });
    expect(
      parseEnv({ RETENTION_UNPAID_DAYS: "90", RETENTION_PAID_YEARS: "6" }).retention,
    ).toMatchObject({ unpaidDays: 90, paidYears: 6 });
    expect(problemsOf({ RETENTION_UNPAID_DAYS: "0" }).join(" ")).toMatch(/RETENTION_UNPAID_DAYS/);
    expect(problemsOf({ RETENTION_PAID_YEARS: "1.5" }).join(" ")).toMatch(/RETENTION_PAID_YEARS/);
  });

  it("marks lookups old after 24 h unless LOOKUP_MAX_AGE_HOURS says otherwise", () => {
    expect(parseEnv({}).lookupMaxAgeMs).toBe(24 * 3_600_000);
    expect(parseEnv({ LOOKUP_MAX_AGE_HOURS: "0.5" }).lookupMaxAgeMs).toBe(1_800_000);
    expect(problemsOf({ LOOKUP_MAX_AGE_HOURS: "0" }).join(" ")).toMatch(/LOOKUP_MAX_AGE_HOURS/);
    expect(problemsOf({ LOOKUP_MAX_AGE_HOURS: "abc" }).join(" ")).toMatch(/LOOKUP_MAX_AGE_HOURS/);
  });

  it("names a test company with a valid CNPJ by default and checks a configured CNPJ's digits", () => {
    expect(parseEnv({}).company).toEqual({ name: TEST_COMPANY.name, cnpj: "45098123000145" });
    expect(isValidCnpj(TEST_COMPANY.cnpj)).toBe(true);
    expect(
      parseEnv({ COMPANY_NAME: "Empresa X", COMPANY_CNPJ: "11.222.333/0001-81" }).company,
    ).toEqual({ name: "Empresa X", cnpj: "11222333000181" });
    expect(problemsOf({ COMPANY_CNPJ: "11.222.333/0001-82" }).join(" ")).toMatch(
      /COMPANY_CNPJ must be a valid CNPJ/,
    );
    expect(problemsOf({ COMPANY_CNPJ: "11111111111111" }).join(" ")).toMatch(/COMPANY_CNPJ/);
  });

  it("requires our real company name and CNPJ with a production key", () => {
    const live = {
      UVVI_API_KEY: "sk_live_abcdefgh",
      UVVI_BASE_URL: "https://api.example.com",
      WEBHOOK_SECRET: "x".repeat(32),
    };
    expect(problemsOf(live).join(" ")).toMatch(/COMPANY_NAME and COMPANY_CNPJ are required/);
    expect(
      parseEnv({
        ...live,
        COMPANY_NAME: "Empresa X",
        COMPANY_CNPJ: "11222333000181",
        SMTP_URL: "smtp://mail.example.com:587",
        ...LIVE_DATA_KEYS,
      }).company.name,
    ).toBe("Empresa X");
  });

  it("requires SMTP_URL with a production key; a test key without it runs the embedded SMTP server", () => {
    const live = {
      UVVI_API_KEY: "sk_live_abcdefgh",
      UVVI_BASE_URL: "https://api.example.com",
      WEBHOOK_SECRET: "x".repeat(32),
      COMPANY_NAME: "Empresa X",
      COMPANY_CNPJ: "11222333000181",
    };
    expect(problemsOf(live).join(" ")).toMatch(/SMTP_URL is required with a production key/);
    expect(
      parseEnv({ ...live, SMTP_URL: "smtps://u:p@smtp.example.com:465", ...LIVE_DATA_KEYS }).mail,
    ).toMatchObject({ smtpUrl: "smtps://u:p@smtp.example.com:465", embedded: false });
    expect(parseEnv({}).mail).toMatchObject({
      smtpUrl: "smtp://127.0.0.1:2525",
      embedded: true,
      smtpPort: 2525,
    });
    expect(parseEnv({ SMTP_PORT: "2600" }).mail.smtpUrl).toBe("smtp://127.0.0.1:2600");
    expect(parseEnv({ SMTP_URL: "smtp://mail.local:25" }).mail.embedded).toBe(false);
    expect(problemsOf({ SMTP_URL: "http://mail.local" }).join(" ")).toMatch(
      /SMTP_URL must look like/,
    );
  });

  it("requires the data keys with a production key and checks their form, naming the variable", () => {
    const live = {
      UVVI_API_KEY: "sk_live_abcdefgh",
      UVVI_BASE_URL: "https://api.example.com",
      WEBHOOK_SECRET: "x".repeat(32),
      COMPANY_NAME: "Empresa X",
      COMPANY_CNPJ: "11222333000181",
      SMTP_URL: "smtp://mail.example.com:587",
    };
    expect(problemsOf(live).join(" ")).toMatch(
      /DATA_ENCRYPTION_KEY and DATA_INDEX_KEY are required with a production key/,
    );
    expect(parseEnv({ ...live, ...LIVE_DATA_KEYS }).dataKeys).toEqual({
      current: LIVE_DATA_KEYS.DATA_ENCRYPTION_KEY,
      previous: [],
      index: LIVE_DATA_KEYS.DATA_INDEX_KEY,
    });
    expect(
      problemsOf({ DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") }).join(" "),
    ).toMatch(/^DATA_ENCRYPTION_KEY must be <key id>:<32 random bytes in base64>/);
    expect(
      problemsOf({ DATA_ENCRYPTION_KEY: `k1:${Buffer.alloc(16, 1).toString("base64")}` }).join(" "),
    ).toMatch(/DATA_ENCRYPTION_KEY must be/);
    expect(
      problemsOf({
        DATA_ENCRYPTION_PREVIOUS_KEYS: `${LIVE_DATA_KEYS.DATA_ENCRYPTION_KEY},k0:short`,
      }).join(" "),
    ).toMatch(/DATA_ENCRYPTION_PREVIOUS_KEYS: each key must be/);
    expect(problemsOf({ DATA_INDEX_KEY: "too-short" }).join(" ")).toMatch(
      /DATA_INDEX_KEY must be at least 32 random bytes/,
    );
    // A test key needs none: lib/env/load.ts keeps generated ones in ./data.
    expect(parseEnv({}).dataKeys).toEqual({ current: undefined, previous: [], index: undefined });
  });

  it("refuses a test key the embedded sandbox would not accept", () => {
    expect(problemsOf({ UVVI_API_KEY: "sk_test_other_key" }).join(" ")).toMatch(/SANDBOX_API_KEYS/);
    expect(
      parseEnv({
        UVVI_API_KEY: "sk_test_other_key",
        SANDBOX_API_KEYS: "sk_test_a1b2c3,sk_test_other_key",
      }).upstreamApiKey,
    ).toBe("sk_test_other_key");
  });

  it("treats empty strings as unset and rejects bad ports", () => {
    expect(parseEnv({ UVVI_BASE_URL: "", PORT: "" }).upstreamMode).toBe("sandbox");
    expect(problemsOf({ PORT: "70000" }).length).toBeGreaterThan(0);
  });

  it("trusts no proxy by default; TRUST_PROXY takes a hop count or addresses, CIDRs and names", () => {
    expect(parseEnv({}).trustProxy).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    expect(problemsOf({ TRUST_PROXY: "everyone" }).join(" ")).toMatch(/TRUST_PROXY/);
    expect(problemsOf({ TRUST_PROXY: "10.0.0.0/99" }).join(" ")).toMatch(/TRUST_PROXY/);
  });

  it("refuses a webhook allowlist entry that is not an address or range", () => {
    expect(
      parseEnv({ WEBHOOK_IP_ALLOWLIST: "203.0.113.0/24, 2001:db8::/32" }).webhookIpAllowlist,
    ).toEqual(["203.0.113.0/24", "2001:db8::/32"]);
    expect(problemsOf({ WEBHOOK_IP_ALLOWLIST: "upstream.example.com" }).join(" ")).toMatch(
      /WEBHOOK_IP_ALLOWLIST/,
    );
  });

  it("has defaults for every rate limit, the upstream-cost ones included", () => {
    expect(parseEnv({}).rateLimits).toEqual({
      windowSeconds: 600,
      lookupsPerIp: 20,
      cardTokensPerIp: 10,
      cardTokensPerCheckout: 5,
      paymentsPerIp: 10,
      installmentsPerIp: 60,
      vehiclesPerIp: 30,
      checkoutsPerIp: 20,
      paymentRefMissesPerIp: 30,
      signInsPerIp: 10,
      signInsPerEmail: 3,
      radarSubscribesPerIp: 10,
      radarConfirmsPerEmail: 3,
    });
    expect(
      parseEnv({
        RATE_LIMIT_INSTALLMENTS: "3",
        RATE_LIMIT_VEHICLES: "4",
        RATE_LIMIT_CHECKOUTS: "5",
        RATE_LIMIT_PAYMENT_REF_MISSES: "6",
      }).rateLimits,
    ).toMatchObject({
      installmentsPerIp: 3,
      vehiclesPerIp: 4,
      checkoutsPerIp: 5,
      paymentRefMissesPerIp: 6,
    });
    expect(problemsOf({ RATE_LIMIT_CHECKOUTS: "0" }).join(" ")).toMatch(/RATE_LIMIT_CHECKOUTS/);
    expect(problemsOf({ RATE_LIMIT_PAYMENT_REF_MISSES: "0" }).join(" ")).toMatch(
      /RATE_LIMIT_PAYMENT_REF_MISSES/,
    );
  });

  it("upstream budget: 1,000 a minute with a 20% reserve by default, both configurable", () => {
    expect(parseEnv({}).upstreamBudget).toEqual({ perMinute: 1000, reserve: 200 });
    expect(
      parseEnv({ UPSTREAM_RATE_PER_MINUTE: "5000", UPSTREAM_RESERVE_PERCENT: "10" }).upstreamBudget,
    ).toEqual({ perMinute: 5000, reserve: 500 });
    expect(
      parseEnv({ UPSTREAM_RATE_PER_MINUTE: "10", UPSTREAM_RESERVE_PERCENT: "0" }).upstreamBudget,
    ).toEqual({ perMinute: 10, reserve: 0 });
    expect(problemsOf({ UPSTREAM_RATE_PER_MINUTE: "0" }).join()).toMatch(
      /UPSTREAM_RATE_PER_MINUTE/,
    );
    // A reserve of 100% would leave lookups nothing at all.
    expect(problemsOf({ UPSTREAM_RESERVE_PERCENT: "95" }).join()).toMatch(
      /UPSTREAM_RESERVE_PERCENT/,
    );
  });

  it("tracing: off unless an OTLP endpoint is set; the traces URL and headers as the OTLP spec derives them", () => {
    expect(parseEnv({}).tracing).toBeUndefined();
    expect(parseEnv({ OTEL_SERVICE_NAME: "x" }).tracing).toBeUndefined();
    expect(
      parseEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
        OTEL_EXPORTER_OTLP_HEADERS: "Authorization=Bearer%20abc, x-team = ops ,broken",
      }).tracing,
    ).toEqual({
      url: "http://collector:4318/v1/traces",
      headers: { authorization: "Bearer abc", "x-team": "ops" },
      serviceName: "placa-paga",
    });
    // A signal's own endpoint is used as it is, its headers over the shared ones.
    expect(
      parseEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://b:4318/custom",
        OTEL_EXPORTER_OTLP_HEADERS: "k=1",
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: "k=2",
        OTEL_SERVICE_NAME: "store-1",
      }).tracing,
    ).toEqual({ url: "http://b:4318/custom", headers: { k: "2" }, serviceName: "store-1" });
    // The standard off switches win over an endpoint.
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318" };
    expect(parseEnv({ ...endpoint, OTEL_SDK_DISABLED: "true" }).tracing).toBeUndefined();
    expect(parseEnv({ ...endpoint, OTEL_TRACES_EXPORTER: "none" }).tracing).toBeUndefined();
    expect(problemsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toEqual([
      expect.stringContaining("OTEL_EXPORTER_OTLP_ENDPOINT"),
    ]);
  });

  it("metrics: off (undefined) unless METRICS_TOKEN is set, and a short token is refused", () => {
    expect(parseEnv({}).metricsToken).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "m".repeat(32) }).metricsToken).toBe("m".repeat(32));
    expect(problemsOf({ METRICS_TOKEN: "short" }).join()).toMatch(/METRICS_TOKEN/);
  });

  it("workspace auth: secret optional (derived later) but at least 32 characters; session days 1-90", () => {
    expect(parseEnv({}).auth).toEqual({ secret: undefined, sessionDays: 14 });
    expect(parseEnv({ AUTH_SECRET: "s".repeat(32), AUTH_SESSION_DAYS: "30" }).auth).toEqual({
      secret: "s".repeat(32),
      sessionDays: 30,
    });
    expect(problemsOf({ AUTH_SECRET: "short" }).join()).toMatch(/AUTH_SECRET/);
    expect(problemsOf({ AUTH_SESSION_DAYS: "365" }).join()).toMatch(/AUTH_SESSION_DAYS/);
    expect(
      parseEnv({ RATE_LIMIT_SIGN_IN: "4", RATE_LIMIT_SIGN_IN_PER_EMAIL: "2" }).rateLimits,
    ).toMatchObject({ signInsPerIp: 4, signInsPerEmail: 2 });
  });

  it("reads the status-call spacing and refuses one that is not a positive whole number of ms", () => {
    expect(parseEnv({ STATUS_CHECK_INTERVAL_MS: "2000" }).statusCheckIntervalMs).toBe(2_000);
    expect(problemsOf({ STATUS_CHECK_INTERVAL_MS: "0" }).join(" ")).toMatch(
      /STATUS_CHECK_INTERVAL_MS/,
    );
    expect(problemsOf({ STATUS_CHECK_INTERVAL_MS: "soon" }).join(" ")).toMatch(
      /STATUS_CHECK_INTERVAL_MS/,
    );
  });

  it("ticks every BACKGROUND_TICK_MS, 30 s by default, with no warning", () => {
    const defaults = parseEnv({});
    expect(defaults.backgroundTickMs).toBe(30_000);
    expect(defaults.warnings).toEqual([]);
    const set = parseEnv({ BACKGROUND_TICK_MS: "2000" });
    expect(set.backgroundTickMs).toBe(2_000);
    expect(set.warnings).toEqual([]);
    expect(problemsOf({ BACKGROUND_TICK_MS: "0" }).join(" ")).toMatch(/BACKGROUND_TICK_MS/);
    expect(problemsOf({ BACKGROUND_TICK_MS: "soon" }).join(" ")).toMatch(/BACKGROUND_TICK_MS/);
  });

  it("still reads the old name PAYMENT_SWEEP_INTERVAL_MS for one release, with a warning to rename it", () => {
    const old = parseEnv({ PAYMENT_SWEEP_INTERVAL_MS: "5000" });
    expect(old.backgroundTickMs).toBe(5_000);
    expect(old.warnings).toEqual([
      expect.stringMatching(
        /PAYMENT_SWEEP_INTERVAL_MS is deprecated.*rename it BACKGROUND_TICK_MS/,
      ),
    ]);
    expect(problemsOf({ PAYMENT_SWEEP_INTERVAL_MS: "-1" }).join(" ")).toMatch(
      /PAYMENT_SWEEP_INTERVAL_MS/,
    );
  });

  it("takes BACKGROUND_TICK_MS over the old name when both are set, and says the old one is ignored", () => {
    const both = parseEnv({ BACKGROUND_TICK_MS: "2000", PAYMENT_SWEEP_INTERVAL_MS: "5000" });
    expect(both.backgroundTickMs).toBe(2_000);
    expect(both.warnings).toEqual([
      expect.stringMatching(/PAYMENT_SWEEP_INTERVAL_MS is ignored: BACKGROUND_TICK_MS is set/),
    ]);
  });
});
