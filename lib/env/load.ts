import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnv, type AppEnv } from "./schema";

// The only module that reads process.env. The app imports it through lib/env (server-only);
// scripts/ and prisma.config.ts import it directly because plain Node cannot load "server-only".

export const WEBHOOK_SECRET_FILE = path.join("data", "webhook-secret");

/** In sandbox mode an unset WEBHOOK_SECRET is generated once and kept in ./data, so restarts agree. */
function resolveWebhookSecret(env: AppEnv): string {
  if (env.webhookSecret) return env.webhookSecret;
  const file = path.resolve(WEBHOOK_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process (the start script, a second instance) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

let cached: (AppEnv & { webhookSecret: string }) | undefined;

export function loadEnv(): AppEnv & { webhookSecret: string } {
  if (!cached) {
    const env = parseEnv(process.env);
    cached = { ...env, webhookSecret: resolveWebhookSecret(env) };
  }
  return cached;
}

/**
 * Tests only (NODE_ENV=test): the configuration as if `vars` were set on top of process.env,
 * re-parsed and validated, written into the one configuration object the app already imported.
 * Code that reads `env.x` when it runs sees it at once, without re-importing; what a module computed
 * from env at import (a chosen store, a client built once) keeps the old value. process.env is
 * not touched. Returns the function that puts the previous configuration back.
 */
export function overrideEnvForTests(vars: Record<string, string | undefined>): () => void {
  if (process.env.NODE_ENV !== "test") throw new Error("overrideEnvForTests runs under NODE_ENV=test only");
  const current = loadEnv();
  const previous = { ...current };
  const parsed = parseEnv({ ...process.env, ...vars });
  Object.assign(current, parsed, { webhookSecret: parsed.webhookSecret ?? current.webhookSecret });
  return () => {
    for (const key of Object.keys(current)) delete (current as Record<string, unknown>)[key];
    Object.assign(current, previous);
  };
}

/** The variables to hand a child process (scripts/start.ts starts the sandbox and Next). */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/**
 * Prisma 7's CLI downloads its native schema engine before any command, even `generate`, which
 * never runs it; naming an existing file stops the download (docs/toolchain.md). The file named
 * here is a stand-in that says where migrations live instead. A real engine set by the person
 * running the CLI wins.
 */
export function standInForPrismaSchemaEngine(file: string): void {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= file;
}
