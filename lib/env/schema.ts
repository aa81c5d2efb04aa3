import { z } from "zod";

// Pure: turns a raw variable map into the validated configuration. No I/O here, so the rules are
// unit-tested without touching process.env (see tests/unit/env-schema.test.ts).

const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const positiveMs = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

/** A positive integer count with a default (same parsing as positiveMs). */
const positiveInt = positiveMs;

const API_KEY = /^sk_(test|live)_[A-Za-z0-9_-]{6,}$/;

export const rawEnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("development")),
  UVVI_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ error: "UVVI_BASE_URL must be an absolute URL" }).optional()),
  UVVI_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(API_KEY, { error: "UVVI_API_KEY must start with sk_test_ or sk_live_ followed by the key" })
      .optional(),
  ),
  UVVI_TIMEOUT_MS: positiveMs(10_000),
  UVVI_PAYMENT_TIMEOUT_MS: positiveMs(60_000),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().default("file:./data/placa-paga.db")),
  PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ error: "PUBLIC_BASE_URL must be an absolute URL" }).optional()),
  WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { error: "WEBHOOK_SECRET must be at least 32 characters" }).optional(),
  ),
  WEBHOOK_IP_ALLOWLIST: optionalString,
  PORT: port(3000),
  SANDBOX_PORT: port(4010),
  SANDBOX_API_KEYS: z.preprocess(emptyAsUndefined, z.string().default("sk_test_sandbox_default")),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  LOG_FILE: optionalString,
  /** A lookup whose webhook has not come after this long is shown as delayed, with a retry. */
  LOOKUP_DELAYED_AFTER_MS: positiveMs(20_000),
  /**
   * Fleet-wide spacing of upstream status calls for one payment (lib/payments/status-lease.ts):
   * 31 s: at most 2 a minute (the upstream budget) as the upstream counts them, with 1 s for the
   * calls' own transit jitter (two calls 30 s apart when decided can arrive 29 s apart under load).
   * Lower only in tests, to run a minute faster.
   */
  STATUS_CHECK_INTERVAL_MS: positiveMs(31_000),
  /** Next's build folder; another one lets two builds (say, two test runs) live side by side. */
  NEXT_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().regex(/^\.next[\w-]*$/, { error: "NEXT_DIST_DIR must be .next or .next-<name>" }).default(".next")),
  // Our own limits (per client IP, and per checkout for card attempts) against CPF enumeration
  // and card testing. Counts per RATE_LIMIT_WINDOW_SECONDS.
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  RATE_LIMIT_LOOKUPS: positiveInt(20),
  RATE_LIMIT_CARD_TOKENS: positiveInt(10),
  RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: positiveInt(5),
  RATE_LIMIT_PAYMENTS: positiveInt(10),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

export type AppEnv = {
  nodeEnv: RawEnv["NODE_ENV"];
  /** "sandbox": the embedded simulator is our upstream; "remote": UVVI_BASE_URL. */
  upstreamMode: "sandbox" | "remote";
  /** The key's prefix decides it, not the URL. */
  upstreamEnvironment: "test" | "live";
  upstreamBaseUrl: string;
  upstreamApiKey: string;
  upstreamTimeoutMs: number;
  paymentTimeoutMs: number;
  databaseUrl: string;
  publicBaseUrl: string;
  /** undefined only when the caller resolves it later (sandbox mode, kept in ./data). */
  webhookSecret: string | undefined;
  webhookIpAllowlist: string[];
  port: number;
  sandboxPort: number;
  sandboxApiKeys: string[];
  logLevel: RawEnv["LOG_LEVEL"];
  logFile: string | undefined;
  nextDistDir: string;
  lookupDelayedAfterMs: number;
  statusCheckIntervalMs: number;
  rateLimits: {
    windowSeconds: number;
    lookupsPerIp: number;
    cardTokensPerIp: number;
    cardTokensPerCheckout: number;
    paymentsPerIp: number;
  };
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const raw = parsed.data;
  const problems: string[] = [];
  const upstreamMode = raw.UVVI_BASE_URL ? "remote" : "sandbox";
  const sandboxApiKeys = raw.SANDBOX_API_KEYS.split(",").map((k) => k.trim()).filter(Boolean);
  if (sandboxApiKeys.some((k) => !k.startsWith("sk_test_"))) {
    problems.push("SANDBOX_API_KEYS: the sandbox accepts only sk_test_ keys");
  }
  const apiKey = raw.UVVI_API_KEY ?? (upstreamMode === "sandbox" ? sandboxApiKeys[0] : undefined);
  if (!apiKey) problems.push("UVVI_API_KEY is required when UVVI_BASE_URL is set");
  const upstreamEnvironment = apiKey?.startsWith("sk_live_") ? "live" : "test";

  if (upstreamEnvironment === "live" && upstreamMode === "sandbox") {
    problems.push(
      "UVVI_API_KEY is a production key (sk_live_) but UVVI_BASE_URL is not set, so the embedded sandbox would be used. " +
        "Set UVVI_BASE_URL to the production https address, or use an sk_test_ key with the sandbox.",
    );
  }
  if (upstreamEnvironment === "live" && raw.UVVI_BASE_URL && !raw.UVVI_BASE_URL.startsWith("https://")) {
    problems.push("UVVI_BASE_URL must use https:// with a production key (sk_live_): the key would travel in clear text.");
  }
  if (upstreamMode === "sandbox" && raw.UVVI_API_KEY && !sandboxApiKeys.includes(raw.UVVI_API_KEY)) {
    problems.push("UVVI_API_KEY is not one of SANDBOX_API_KEYS, so the embedded sandbox would refuse it. Add it there or unset it.");
  }
  if (upstreamMode === "remote" && !raw.WEBHOOK_SECRET) {
    problems.push("WEBHOOK_SECRET is required with a remote upstream (at least 32 random characters).");
  }
  if (problems.length > 0) throw new EnvError(problems);

  return {
    nodeEnv: raw.NODE_ENV,
    upstreamMode,
    upstreamEnvironment,
    upstreamBaseUrl: (raw.UVVI_BASE_URL ?? `http://127.0.0.1:${raw.SANDBOX_PORT}`).replace(/\/+$/, ""),
    upstreamApiKey: apiKey as string,
    upstreamTimeoutMs: raw.UVVI_TIMEOUT_MS,
    paymentTimeoutMs: raw.UVVI_PAYMENT_TIMEOUT_MS,
    databaseUrl: raw.DATABASE_URL,
    publicBaseUrl: (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    webhookSecret: raw.WEBHOOK_SECRET,
    webhookIpAllowlist: (raw.WEBHOOK_IP_ALLOWLIST ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    port: raw.PORT,
    sandboxPort: raw.SANDBOX_PORT,
    sandboxApiKeys,
    logLevel: raw.LOG_LEVEL,
    logFile: raw.LOG_FILE,
    nextDistDir: raw.NEXT_DIST_DIR,
    lookupDelayedAfterMs: raw.LOOKUP_DELAYED_AFTER_MS,
    statusCheckIntervalMs: raw.STATUS_CHECK_INTERVAL_MS,
    rateLimits: {
      windowSeconds: raw.RATE_LIMIT_WINDOW_SECONDS,
      lookupsPerIp: raw.RATE_LIMIT_LOOKUPS,
      cardTokensPerIp: raw.RATE_LIMIT_CARD_TOKENS,
      cardTokensPerCheckout: raw.RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT,
      paymentsPerIp: raw.RATE_LIMIT_PAYMENTS,
    },
  };
}
