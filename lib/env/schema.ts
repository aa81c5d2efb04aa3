import { z } from "zod";
// Relative: scripts/ and prisma.config.ts load this file without the @/ alias.
import { isValidCnpj, onlyDigits } from "../rules/cpf-cnpj";
import { compileTrust, type TrustProxySetting } from "../security/client-address";

// Pure: turns a raw variable map into the validated configuration. No I/O here, so the rules are
// unit-tested without touching process.env (see tests/unit/env-schema.test.ts).

const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const positiveMs = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));
/** A positive integer of ms with no default: parseEnv decides between it and another variable. */
const optionalPositiveMs = z.preprocess(
  emptyAsUndefined,
  z.coerce.number().int().positive().optional(),
);

/** A positive integer count with a default (same parsing as positiveMs). */
const positiveInt = positiveMs;

export type DatabaseProvider = "sqlite" | "postgresql";

/** The URL's scheme decides the database: file: is SQLite (embedded), postgres(ql):// is PostgreSQL. */
export function databaseProviderOf(url: string): DatabaseProvider | null {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  return null;
}

/** The test environment's stand-in company (fictional; the CNPJ only has valid check digits). */
export const TEST_COMPANY = {
  name: "Placa Paga Serviços Digitais Ltda. (teste)",
  cnpj: "45098123000145",
} as const;

const API_KEY = /^sk_(test|live)_[A-Za-z0-9_-]{6,}$/;

export const rawEnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  UVVI_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: "UVVI_BASE_URL must be an absolute URL" }).optional(),
  ),
  UVVI_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(API_KEY, {
        error: "UVVI_API_KEY must start with sk_test_ or sk_live_ followed by the key",
      })
      .optional(),
  ),
  UVVI_TIMEOUT_MS: positiveMs(10_000),
  UVVI_PAYMENT_TIMEOUT_MS: positiveMs(60_000),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((url) => databaseProviderOf(url) !== null, {
        error:
          "DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)",
      })
      .default("file:./data/placa-paga.db"),
  ),
  PUBLIC_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: "PUBLIC_BASE_URL must be an absolute URL" }).optional(),
  ),
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
  /** A lookup result older than this is marked as old and offers a fresh lookup before paying. */
  LOOKUP_MAX_AGE_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
  ),
  // Who the person pays, shown beside the PIX code. The defaults are a fictional company with a
  // valid CNPJ for the test environment; a production key requires both to be set.
  COMPANY_NAME: optionalString,
  COMPANY_CNPJ: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform(onlyDigits)
      .refine(isValidCnpj, {
        error:
          "COMPANY_CNPJ must be a valid CNPJ (14 digits with check digits, punctuation allowed)",
      })
      .optional(),
  ),
  /**
   * Fleet-wide spacing of upstream status calls for one payment (lib/payments/status-call-spacing.ts):
   * 31 s: at most 2 a minute (the upstream budget) as the upstream counts them, with 1 s for the
   * calls' own transit jitter (two calls 30 s apart when decided can arrive 29 s apart under load).
   * Lower only in tests, to run a minute faster.
   */
  STATUS_CHECK_INTERVAL_MS: positiveMs(31_000),
  /**
   * Spacing of status calls made to confirm a received payment event (lib/payments/status-call-spacing.ts):
   * short, so a paid PIX shows in seconds, and doubled by each event in a row the status endpoint
   * does not confirm (up to STATUS_CHECK_INTERVAL_MS), so forged events cannot spend the budget.
   */
  STATUS_CONFIRM_SPACING_MS: positiveMs(2_000),
  /**
   * How long after our payment call a 404 from the status endpoint is still "not yet": past it the
   * attempt is concluded not created and frees its debts. 15 min: many times the spec's 30-60 s
   * payment timeout, and the upstream's first webhook retry comes 15 min after the first attempt,
   * so a payment a timed-out call did create has long been visible by then.
   */
  PAYMENT_NOT_FOUND_GRACE_MS: positiveMs(15 * 60_000),
  /** Every instance's background tick (lib/background/queues.ts): each queue kicked again, and the
   * periodic tasks run (payment sweep, retention, Radar's digest and owner mails). Default 30 s. */
  BACKGROUND_TICK_MS: optionalPositiveMs,
  /** The tick's old name, still read (with a warning) for one release when BACKGROUND_TICK_MS is unset. */
  PAYMENT_SWEEP_INTERVAL_MS: optionalPositiveMs,
  /** Next's build folder; another one lets two builds (say, two test runs) live side by side. */
  NEXT_DIST_DIR: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\.next[\w-]*$/, { error: "NEXT_DIST_DIR must be .next or .next-<name>" })
      .default(".next"),
  ),
  /** "standalone" (npm run build:dist): Next also writes a self-contained server folder with only
   * the node_modules its build uses, for the production image. Unset: the plain build. */
  NEXT_BUILD_OUTPUT: z.preprocess(emptyAsUndefined, z.enum(["standalone"]).optional()),
  // Our own limits (per client IP, and per checkout for card attempts) against CPF enumeration
  // and card testing. Counts per RATE_LIMIT_WINDOW_SECONDS.
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  RATE_LIMIT_LOOKUPS: positiveInt(20),
  RATE_LIMIT_CARD_TOKENS: positiveInt(10),
  RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT: positiveInt(5),
  RATE_LIMIT_PAYMENTS: positiveInt(10),
  // Routes that cost an upstream call (the key's budget is 1,000 requests a minute for everything).
  RATE_LIMIT_INSTALLMENTS: positiveInt(60),
  RATE_LIMIT_VEHICLES: positiveInt(30),
  RATE_LIMIT_CHECKOUTS: positiveInt(20),
  // Requests for payment references we do not know (or old, replaced ones): against guessing.
  RATE_LIMIT_PAYMENT_REF_MISSES: positiveInt(30),
  /** Proxy hops whose X-Forwarded-For entry we believe: a hop count or a comma list of addresses,
   * CIDRs and proxy-addr names (loopback, linklocal, uniquelocal). Unset: the socket address. */
  TRUST_PROXY: optionalString,
  // The upstream key's rate (spec: 1,000 a minute on a standard account), shared by every instance
  // through the database; the reserve is the share only the money path may use (lib/upstream/budget.ts).
  UPSTREAM_RATE_PER_MINUTE: positiveInt(1000),
  UPSTREAM_RESERVE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(90).default(20),
  ),
  /** The SMTP relay for e-mail, e.g. smtps://user:pass@smtp.example.com:465 (required with a live key).
   * Unset with a test key: the start command runs an embedded SMTP server on SMTP_PORT. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, {
        error: "SMTP_URL must look like smtp://host:port or smtps://user:pass@host:465",
      })
      .optional(),
  ),
  /** Port of the embedded test SMTP server (only when SMTP_URL is unset, test key). */
  SMTP_PORT: port(2525),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().min(3).default("Placa Paga <nao-responda@placapaga.test>"),
  ),
  /** Signs the despachante workspace's session cookies (better-auth). Unset: derived from the
   * webhook secret (its own HMAC purpose), so one secret per deployment keeps sessions valid on
   * every instance; set it to rotate sessions without touching webhooks. */
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, { error: "AUTH_SECRET must be at least 32 characters" }).optional(),
  ),
  /** A workspace session lasts this long without use (sliding, renewed at most daily). */
  AUTH_SESSION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(90).default(14),
  ),
  /** Sign-in link e-mails per client IP, and per e-mail address, per RATE_LIMIT_WINDOW_SECONDS. */
  RATE_LIMIT_SIGN_IN: positiveInt(10),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: positiveInt(3),
  /** Radar subscriptions ("avise-me") per client IP per RATE_LIMIT_WINDOW_SECONDS: each sends a confirmation e-mail. */
  RATE_LIMIT_RADAR_SUBSCRIBE: positiveInt(10),
  /** Radar confirmation e-mails to one mailbox (nome+x@ is nome@) per RATE_LIMIT_WINDOW_SECONDS, from any client IP: against mail bombing. */
  RATE_LIMIT_RADAR_CONFIRM_PER_EMAIL: positiveInt(3),
  // How long personal data is kept (lib/personal-data, docs/privacy.md). A lookup or checkout that
  // moved no money keeps its person this long after its last activity; at least a day, so no
  // payment still in flight (a PIX lives 24 h, a not-created attempt is watched for 2 h) loses its payer.
  RETENTION_UNPAID_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3650).default(30),
  ),
  /** A paid record keeps its payer this long after payment: Brazilian tax law's 5 years for payment records. */
  RETENTION_PAID_YEARS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(30).default(5),
  ),
  /** An applied webhook delivery's raw payload (owner's document, RENAVAM) is kept this long for investigation. */
  RETENTION_WEBHOOK_PAYLOAD_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(365).default(7),
  ),
  /** A delivered e-mail's recipient and content (outbox), and the test mailbox's messages, are kept this long. */
  RETENTION_MAIL_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(365).default(7),
  ),
  // Radar (lib/radar, docs/radar.md): watched vehicles looked up again. Periods and offsets are
  // settings so tests run a week in seconds; the sandbox's changing vehicles follow its own clock.
  /** A weekly watch's period (the default recurrence). */
  RADAR_WEEKLY_PERIOD_MS: positiveMs(7 * 24 * 3_600_000),
  /** A daily watch's period. */
  RADAR_DAILY_PERIOD_MS: positiveMs(24 * 3_600_000),
  /** Radar's ceiling: this percent of the general upstream budget (the rate less the payment
   * reserve) per minute, so people's lookups always keep the rest of every window. */
  RADAR_BUDGET_SHARE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(90).default(50),
  ),
  /** After an authority error (900-903) a scan is tried again this much later. */
  RADAR_AUTHORITY_RETRY_MS: positiveMs(30 * 60_000),
  /** Days before a discount ends that the owner is told (lib/rules/debt-reminders.ts). */
  RADAR_DISCOUNT_REMINDER_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(60).default(3),
  ),
  /** Days before an IPVA parcela or licensing is due that the owner is told, comma-separated. */
  RADAR_DUE_REMINDER_DAYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,2}(,\d{1,2})*$/, {
        error: "RADAR_DUE_REMINDER_DAYS must be day counts like 7,1",
      })
      .default("7,1"),
  ),
  /** The hour (São Paulo, 0-23) from which an account's daily digest is sent. */
  RADAR_DIGEST_HOUR: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(23).default(8),
  ),
  /** A despachante account's monthly cap of Radar lookups, until they set their own. */
  RADAR_DEFAULT_MONTHLY_CAP: positiveInt(2000),
  /** An owner's watch not confirmed (double opt-in) within this many hours is erased. */
  RADAR_CONFIRM_TTL_HOURS: positiveInt(48),
  // Delisting checks (lib/delisting, docs/delisting.md): after a payment settles, the vehicle is
  // looked up again until the authority drops each paid debt, inside Radar's ceiling.
  /** The checks' moments, in São Paulo business days after settlement, comma-separated. */
  DELISTING_CHECK_DAYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,2}(,\d{1,2})*$/, {
        error: "DELISTING_CHECK_DAYS must be business-day counts like 1,3,7",
      })
      .refine((v) => v.split(",").every((d) => Number(d) >= 1), {
        error:
          "DELISTING_CHECK_DAYS counts start at 1 (a check on the day of settlement finds nothing new)",
      })
      .default("1,3,7"),
  ),
  /** After the authority could not answer a check (900-903, no result), it is tried again this much later. */
  DELISTING_RETRY_MS: positiveMs(30 * 60_000),
  /** Tries of one check before it is counted as not made (the next moment, or the decision, follows). */
  DELISTING_TRIES_PER_CHECK: positiveInt(6),
  // The public API (lib/api, docs/api.md).
  /** Requests one API key may make per minute, counted by every instance together. */
  API_REQUESTS_PER_MINUTE: positiveInt(120),
  /** The API's lookups' ceiling: this percent of the lookups' budget (the rate less the payment
   * reserve) per minute, as Radar's share is, so people's lookups keep the rest. */
  API_LOOKUP_SHARE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(90).default(30),
  ),
  // Webhooks out (lib/api-events, docs/api-webhooks.md).
  /** How long one delivery may take (connect, send, first bytes of the answer). */
  API_WEBHOOK_TIMEOUT_MS: positiveMs(10_000),
  /** An endpoint whose deliveries fail without a success for this long is switched off. */
  API_WEBHOOK_DISABLE_AFTER_HOURS: positiveInt(120),
  /** The key that encrypts personal data at rest (lib/privacy): `<key id>:<32 random bytes, base64>`.
   * Required with a production key; unset with a test key: generated once and kept in ./data. */
  DATA_ENCRYPTION_KEY: optionalString,
  /** Keys replaced by a rotation, same form, comma-separated: still read until
   * `npm run ops:rotate-data-key` has re-encrypted every value under DATA_ENCRYPTION_KEY. */
  DATA_ENCRYPTION_PREVIOUS_KEYS: optionalString,
  /** The secret behind the keyed hashes that find a person's rows (at least 32 random bytes,
   * base64). Never rotated with the data key: every stored hash would change. Required with a
   * production key; unset with a test key: generated once and kept in ./data. */
  DATA_INDEX_KEY: optionalString,
  /** OpenTelemetry's standard variables (docs/tracing.md): traces over OTLP/HTTP when an
   * endpoint is set, nothing otherwise. */
  OTEL_SDK_DISABLED: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).optional()),
  OTEL_TRACES_EXPORTER: z.preprocess(emptyAsUndefined, z.enum(["otlp", "none"]).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL" })
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL",
      })
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_HEADERS: optionalString,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: optionalString,
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().default("placa-paga")),
  /** Bearer token for GET /api/metrics; unset: the route answers 404. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, { error: "METRICS_TOKEN must be at least 24 characters" }).optional(),
  ),
});

export type RawEnv = z.infer<typeof rawEnvSchema>;

/** "k1=v1,k2=v2" with URL-encoded values, as the OTLP exporter specification writes headers. */
export function otlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const cut = pair.indexOf("=");
    if (cut <= 0) continue;
    const name = pair.slice(0, cut).trim().toLowerCase();
    const value = pair.slice(cut + 1).trim();
    try {
      headers[name] = decodeURIComponent(value);
    } catch {
      headers[name] = value;
    }
  }
  return headers;
}

/** The traces endpoint the OTLP specification derives: a signal's own URL as is, the base + /v1/traces. */
function tracingOf(raw: RawEnv): AppEnv["tracing"] {
  if (raw.OTEL_SDK_DISABLED === "true" || raw.OTEL_TRACES_EXPORTER === "none") return undefined;
  const url =
    raw.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (raw.OTEL_EXPORTER_OTLP_ENDPOINT &&
      `${raw.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`);
  if (!url) return undefined;
  return {
    url,
    headers: {
      ...otlpHeaders(raw.OTEL_EXPORTER_OTLP_HEADERS),
      ...otlpHeaders(raw.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    },
    serviceName: raw.OTEL_SERVICE_NAME,
  };
}

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
  databaseProvider: DatabaseProvider;
  publicBaseUrl: string;
  /** undefined only when the caller resolves it later (sandbox mode, kept in ./data). */
  webhookSecret: string | undefined;
  webhookIpAllowlist: string[];
  trustProxy: TrustProxySetting;
  port: number;
  sandboxPort: number;
  sandboxApiKeys: string[];
  logLevel: RawEnv["LOG_LEVEL"];
  logFile: string | undefined;
  nextDistDir: string;
  nextBuildOutput: "standalone" | undefined;
  lookupDelayedAfterMs: number;
  lookupMaxAgeMs: number;
  /** Our company, named next to the PIX code. cnpj: 14 digits. */
  company: { name: string; cnpj: string };
  statusCheckIntervalMs: number;
  statusConfirmSpacingMs: number;
  paymentNotFoundGraceMs: number;
  /** The background tick's interval (BACKGROUND_TICK_MS). */
  backgroundTickMs: number;
  rateLimits: {
    windowSeconds: number;
    lookupsPerIp: number;
    cardTokensPerIp: number;
    cardTokensPerCheckout: number;
    paymentsPerIp: number;
    installmentsPerIp: number;
    vehiclesPerIp: number;
    checkoutsPerIp: number;
    paymentRefMissesPerIp: number;
    signInsPerIp: number;
    signInsPerEmail: number;
    radarSubscribesPerIp: number;
    radarConfirmsPerEmail: number;
  };
  upstreamBudget: {
    perMinute: number;
    /** Calls a minute kept for payments, payment status and card tokens (floor of the percent). */
    reserve: number;
  };
  metricsToken: string | undefined;
  /** Where spans go (lib/tracing); undefined: tracing is off. */
  tracing: { url: string; headers: Record<string, string>; serviceName: string } | undefined;
  /** How long personal data is kept, in days (lib/rules/retention.ts turns them into cut-offs). */
  retention: {
    unpaidDays: number;
    paidYears: number;
    webhookPayloadDays: number;
    mailDays: number;
  };
  /** Personal data at rest (lib/privacy). current/index undefined only with a test key until
   * lib/env/load.ts fills them from ./data. */
  dataKeys: { current: string | undefined; previous: string[]; index: string | undefined };
  radar: {
    weeklyPeriodMs: number;
    dailyPeriodMs: number;
    /** Radar lookups the whole fleet may send per minute (its share of the general budget). */
    budgetShare: number;
    authorityRetryMs: number;
    discountReminderDays: number;
    dueReminderDays: number[];
    digestHour: number;
    defaultMonthlyCap: number;
    confirmTtlHours: number;
  };
  api: {
    requestsPerMinute: number;
    /** Lookups the API may send per minute, fleet-wide (its share of the lookups' budget). */
    lookupShare: number;
  };
  apiWebhooks: {
    timeoutMs: number;
    disableAfterMs: number;
  };
  delisting: {
    /** Business days after settlement, ascending, without repeats. */
    checkDays: number[];
    retryMs: number;
    triesPerCheck: number;
  };
  auth: {
    /** undefined: derived from the webhook secret at load (lib/auth/secret.ts). */
    secret: string | undefined;
    sessionDays: number;
  };
  /** Settings that still work but should change (a deprecated name): the server logs each once
   * at start (lib/background/start.ts). */
  warnings: string[];
  mail: {
    /** Where nodemailer connects. */
    smtpUrl: string;
    /** true: no SMTP_URL with a test key, so the start command runs the embedded server + mailbox page. */
    embedded: boolean;
    smtpPort: number;
    from: string;
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
    throw new EnvError(
      parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`),
    );
  }
  const raw = parsed.data;
  // A capped share of the lookups' budget (the rate less the money path's reserve) per minute.
  const lookupShareOf = (percent: number) =>
    Math.max(
      1,
      Math.floor(
        ((raw.UPSTREAM_RATE_PER_MINUTE -
          Math.floor((raw.UPSTREAM_RATE_PER_MINUTE * raw.UPSTREAM_RESERVE_PERCENT) / 100)) *
          percent) /
          100,
      ),
    );
  const problems: string[] = [];
  const upstreamMode = raw.UVVI_BASE_URL ? "remote" : "sandbox";
  const sandboxApiKeys = raw.SANDBOX_API_KEYS.split(",")
    .map((k) => k.trim())
    .filter(Boolean);
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
  if (
    upstreamEnvironment === "live" &&
    raw.UVVI_BASE_URL &&
    !raw.UVVI_BASE_URL.startsWith("https://")
  ) {
    problems.push(
      "UVVI_BASE_URL must use https:// with a production key (sk_live_): the key would travel in clear text.",
    );
  }
  if (
    upstreamMode === "sandbox" &&
    raw.UVVI_API_KEY &&
    !sandboxApiKeys.includes(raw.UVVI_API_KEY)
  ) {
    problems.push(
      "UVVI_API_KEY is not one of SANDBOX_API_KEYS, so the embedded sandbox would refuse it. Add it there or unset it.",
    );
  }
  if (upstreamMode === "remote" && !raw.WEBHOOK_SECRET) {
    problems.push(
      "WEBHOOK_SECRET is required with a remote upstream (at least 32 random characters).",
    );
  }
  if (upstreamEnvironment === "live" && !raw.SMTP_URL) {
    problems.push(
      "SMTP_URL is required with a production key (sk_live_): payment e-mails need a real SMTP relay (e.g. smtps://user:pass@smtp.example.com:465).",
    );
  }
  if (upstreamEnvironment === "live" && (!raw.COMPANY_NAME || !raw.COMPANY_CNPJ)) {
    problems.push(
      "COMPANY_NAME and COMPANY_CNPJ are required with a production key (sk_live_): payers see them next to the PIX code.",
    );
  }
  if (raw.DATA_ENCRYPTION_KEY && !parseDataKey(raw.DATA_ENCRYPTION_KEY))
    problems.push(`DATA_ENCRYPTION_KEY ${DATA_KEY_FORM}`);
  const previousDataKeys = commaList(raw.DATA_ENCRYPTION_PREVIOUS_KEYS);
  if (previousDataKeys.some((k) => !parseDataKey(k)))
    problems.push(`DATA_ENCRYPTION_PREVIOUS_KEYS: each key ${DATA_KEY_FORM}`);
  if (raw.DATA_INDEX_KEY && !parseIndexKey(raw.DATA_INDEX_KEY))
    problems.push("DATA_INDEX_KEY must be at least 32 random bytes in base64");
  if (upstreamEnvironment === "live" && (!raw.DATA_ENCRYPTION_KEY || !raw.DATA_INDEX_KEY)) {
    problems.push(
      "DATA_ENCRYPTION_KEY and DATA_INDEX_KEY are required with a production key (sk_live_): personal data is stored encrypted. " +
        "Make them with: node -e \"const c=require('crypto');console.log('DATA_ENCRYPTION_KEY=k1:'+c.randomBytes(32).toString('base64'));console.log('DATA_INDEX_KEY='+c.randomBytes(32).toString('base64'))\"",
    );
  }
  const webhookIpAllowlist = commaList(raw.WEBHOOK_IP_ALLOWLIST);
  if (!compiles(webhookIpAllowlist))
    problems.push("WEBHOOK_IP_ALLOWLIST: each entry must be an IPv4/IPv6 address or CIDR range");
  const trustProxy: TrustProxySetting = /^\s*\d+\s*$/.test(raw.TRUST_PROXY ?? "")
    ? Number(raw.TRUST_PROXY)
    : commaList(raw.TRUST_PROXY);
  if (!compiles(trustProxy)) {
    problems.push(
      "TRUST_PROXY: use a hop count (e.g. 1) or addresses, CIDRs and names (loopback, linklocal, uniquelocal), comma-separated",
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  const warnings: string[] = [];
  if (raw.PAYMENT_SWEEP_INTERVAL_MS !== undefined) {
    warnings.push(
      raw.BACKGROUND_TICK_MS === undefined
        ? "PAYMENT_SWEEP_INTERVAL_MS is deprecated and will stop being read in the next release: rename it BACKGROUND_TICK_MS (the tick of every background task, not only the payment sweep)."
        : "PAYMENT_SWEEP_INTERVAL_MS is ignored: BACKGROUND_TICK_MS is set. Remove the old name.",
    );
  }

  return {
    nodeEnv: raw.NODE_ENV,
    upstreamMode,
    upstreamEnvironment,
    upstreamBaseUrl: (raw.UVVI_BASE_URL ?? `http://127.0.0.1:${raw.SANDBOX_PORT}`).replace(
      /\/+$/,
      "",
    ),
    upstreamApiKey: apiKey as string,
    upstreamTimeoutMs: raw.UVVI_TIMEOUT_MS,
    paymentTimeoutMs: raw.UVVI_PAYMENT_TIMEOUT_MS,
    databaseUrl: raw.DATABASE_URL,
    databaseProvider: databaseProviderOf(raw.DATABASE_URL) as DatabaseProvider,
    publicBaseUrl: (raw.PUBLIC_BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    webhookSecret: raw.WEBHOOK_SECRET,
    webhookIpAllowlist,
    trustProxy,
    port: raw.PORT,
    sandboxPort: raw.SANDBOX_PORT,
    sandboxApiKeys,
    logLevel: raw.LOG_LEVEL,
    logFile: raw.LOG_FILE,
    nextDistDir: raw.NEXT_DIST_DIR,
    nextBuildOutput: raw.NEXT_BUILD_OUTPUT,
    lookupDelayedAfterMs: raw.LOOKUP_DELAYED_AFTER_MS,
    lookupMaxAgeMs: Math.round(raw.LOOKUP_MAX_AGE_HOURS * 3_600_000),
    company: {
      name: raw.COMPANY_NAME ?? TEST_COMPANY.name,
      cnpj: raw.COMPANY_CNPJ ?? TEST_COMPANY.cnpj,
    },
    statusCheckIntervalMs: raw.STATUS_CHECK_INTERVAL_MS,
    statusConfirmSpacingMs: raw.STATUS_CONFIRM_SPACING_MS,
    paymentNotFoundGraceMs: raw.PAYMENT_NOT_FOUND_GRACE_MS,
    backgroundTickMs: raw.BACKGROUND_TICK_MS ?? raw.PAYMENT_SWEEP_INTERVAL_MS ?? 30_000,
    rateLimits: {
      windowSeconds: raw.RATE_LIMIT_WINDOW_SECONDS,
      lookupsPerIp: raw.RATE_LIMIT_LOOKUPS,
      cardTokensPerIp: raw.RATE_LIMIT_CARD_TOKENS,
      cardTokensPerCheckout: raw.RATE_LIMIT_CARD_TOKENS_PER_CHECKOUT,
      paymentsPerIp: raw.RATE_LIMIT_PAYMENTS,
      installmentsPerIp: raw.RATE_LIMIT_INSTALLMENTS,
      vehiclesPerIp: raw.RATE_LIMIT_VEHICLES,
      checkoutsPerIp: raw.RATE_LIMIT_CHECKOUTS,
      paymentRefMissesPerIp: raw.RATE_LIMIT_PAYMENT_REF_MISSES,
      signInsPerIp: raw.RATE_LIMIT_SIGN_IN,
      signInsPerEmail: raw.RATE_LIMIT_SIGN_IN_PER_EMAIL,
      radarSubscribesPerIp: raw.RATE_LIMIT_RADAR_SUBSCRIBE,
      radarConfirmsPerEmail: raw.RATE_LIMIT_RADAR_CONFIRM_PER_EMAIL,
    },
    upstreamBudget: {
      perMinute: raw.UPSTREAM_RATE_PER_MINUTE,
      reserve: Math.floor((raw.UPSTREAM_RATE_PER_MINUTE * raw.UPSTREAM_RESERVE_PERCENT) / 100),
    },
    metricsToken: raw.METRICS_TOKEN,
    tracing: tracingOf(raw),
    retention: {
      unpaidDays: raw.RETENTION_UNPAID_DAYS,
      paidYears: raw.RETENTION_PAID_YEARS,
      webhookPayloadDays: raw.RETENTION_WEBHOOK_PAYLOAD_DAYS,
      mailDays: raw.RETENTION_MAIL_DAYS,
    },
    dataKeys: {
      current: raw.DATA_ENCRYPTION_KEY,
      previous: previousDataKeys,
      index: raw.DATA_INDEX_KEY,
    },
    radar: {
      weeklyPeriodMs: raw.RADAR_WEEKLY_PERIOD_MS,
      dailyPeriodMs: raw.RADAR_DAILY_PERIOD_MS,
      budgetShare: lookupShareOf(raw.RADAR_BUDGET_SHARE_PERCENT),
      authorityRetryMs: raw.RADAR_AUTHORITY_RETRY_MS,
      discountReminderDays: raw.RADAR_DISCOUNT_REMINDER_DAYS,
      dueReminderDays: [...new Set(raw.RADAR_DUE_REMINDER_DAYS.split(",").map(Number))].sort(
        (a, b) => b - a,
      ),
      digestHour: raw.RADAR_DIGEST_HOUR,
      defaultMonthlyCap: raw.RADAR_DEFAULT_MONTHLY_CAP,
      confirmTtlHours: raw.RADAR_CONFIRM_TTL_HOURS,
    },
    api: {
      requestsPerMinute: raw.API_REQUESTS_PER_MINUTE,
      lookupShare: lookupShareOf(raw.API_LOOKUP_SHARE_PERCENT),
    },
    delisting: {
      checkDays: [...new Set(raw.DELISTING_CHECK_DAYS.split(",").map(Number))].sort(
        (a, b) => a - b,
      ),
      retryMs: raw.DELISTING_RETRY_MS,
      triesPerCheck: raw.DELISTING_TRIES_PER_CHECK,
    },
    apiWebhooks: {
      timeoutMs: raw.API_WEBHOOK_TIMEOUT_MS,
      disableAfterMs: raw.API_WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    },
    auth: { secret: raw.AUTH_SECRET, sessionDays: raw.AUTH_SESSION_DAYS },
    mail: {
      smtpUrl: raw.SMTP_URL ?? `smtp://127.0.0.1:${raw.SMTP_PORT}`,
      embedded: !raw.SMTP_URL && upstreamEnvironment === "test",
      smtpPort: raw.SMTP_PORT,
      from: raw.MAIL_FROM,
    },
    warnings,
  };
}

const DATA_KEY_FORM =
  "must be <key id>:<32 random bytes in base64>, the key id being 1-32 letters, digits, _ or -";

/** `<key id>:<base64 of 32 bytes>` (lib/privacy's data keys), or null when it is not that. */
export function parseDataKey(text: string): { id: string; key: Buffer } | null {
  const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/.exec(text.trim());
  if (!m) return null;
  const key = Buffer.from(m[2]!, "base64");
  return key.length === 32 ? { id: m[1]!, key } : null;
}

/** The keyed hashes' secret: at least 32 bytes in base64, or null. */
export function parseIndexKey(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text.trim())) return null;
  const key = Buffer.from(text.trim(), "base64");
  return key.length >= 32 ? key : null;
}

function commaList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function compiles(setting: TrustProxySetting): boolean {
  try {
    compileTrust(setting);
    return true;
  } catch {
    return false;
  }
}
