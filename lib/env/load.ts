import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EnvError, parseDataKey, parseEnv, parseIndexKey, type AppEnv } from "./schema";

// The only module that reads process.env. The app imports it through lib/env (server-only);
// scripts/ and prisma.config.ts import it directly because plain Node cannot load "server-only".

export const WEBHOOK_SECRET_FILE = path.join("data", "webhook-secret");

export const DATA_ENCRYPTION_KEY_FILE = path.join("data", "data-encryption-key");
export const DATA_INDEX_KEY_FILE = path.join("data", "data-index-key");

/** A secret generated once and kept in ./data, so restarts and every process on this host agree. */
function keptInData(relative: string, make: () => string): string {
  const file = path.resolve(relative);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = make();
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process (the start script, a second instance) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** In sandbox mode an unset WEBHOOK_SECRET is generated once and kept in ./data, so restarts agree. */
function resolveWebhookSecret(env: AppEnv): string {
  return (
    env.webhookSecret ??
    keptInData(WEBHOOK_SECRET_FILE, () => randomBytes(32).toString("base64url"))
  );
}

/**
 * With a test key, unset data keys are generated and kept in ./data (parseEnv requires them with a
 * production key). A kept file that no longer parses is a start-up error naming it.
 */
function resolveDataKeys(env: AppEnv): ResolvedEnv["dataKeys"] {
  const current =
    env.dataKeys.current ??
    keptInData(DATA_ENCRYPTION_KEY_FILE, () => `dev1:${randomBytes(32).toString("base64")}`);
  const index =
    env.dataKeys.index ?? keptInData(DATA_INDEX_KEY_FILE, () => randomBytes(32).toString("base64"));
  const problems: string[] = [];
  if (!env.dataKeys.current && !parseDataKey(current))
    problems.push(
      `DATA_ENCRYPTION_KEY: unset, and ${DATA_ENCRYPTION_KEY_FILE} does not hold <key id>:<32 bytes in base64>`,
    );
  if (!env.dataKeys.index && !parseIndexKey(index))
    problems.push(
      `DATA_INDEX_KEY: unset, and ${DATA_INDEX_KEY_FILE} does not hold 32 bytes in base64`,
    );
  if (problems.length > 0) throw new EnvError(problems);
  return { current, previous: env.dataKeys.previous, index };
}

export type ResolvedEnv = AppEnv & {
  webhookSecret: string;
  dataKeys: { current: string; previous: string[]; index: string };
};

function resolve(env: AppEnv, fallback?: ResolvedEnv): ResolvedEnv {
  return {
    ...env,
    webhookSecret: env.webhookSecret ?? fallback?.webhookSecret ?? resolveWebhookSecret(env),
    dataKeys: resolveDataKeys(env),
  };
}

let cached: ResolvedEnv | undefined;

type Vars = Record<string, string | undefined>;

// A test's variables, laid over process.env (overrideEnvForTests). Kept on globalThis, not in this
// module, so a lib/env imported again after vi.resetModules parses the same configuration. Never set
// outside NODE_ENV=test, so production reads process.env alone.
const TEST_VARS = Symbol.for("placa-paga.env.test-vars");
const testVarsSlot = globalThis as unknown as Record<symbol, Vars | undefined>;

function source(): Vars {
  const vars = testVarsSlot[TEST_VARS];
  return vars ? { ...process.env, ...vars } : process.env;
}

export function loadEnv(): ResolvedEnv {
  if (!cached) cached = resolve(parseEnv(source()));
  return cached;
}

/**
 * Tests only (NODE_ENV=test): the configuration as if `vars` were set on top of process.env and the
 * test's earlier overrides (undefined unsets a variable), validated at once. Before lib/env is first
 * loaded it is what the load will parse; after, it is written into the one configuration object the
 * app already imported, so code that reads `env.x` when it runs sees it without re-importing, while
 * what a module computed from env at import (a chosen store, a client built once) keeps the old
 * value. process.env is not touched. Returns the function that puts the previous configuration back.
 */
export function overrideEnvForTests(vars: Vars): () => void {
  if (process.env.NODE_ENV !== "test")
    throw new Error("overrideEnvForTests runs under NODE_ENV=test only");
  const previousVars = testVarsSlot[TEST_VARS];
  const nextVars = { ...previousVars, ...vars };
  const parsed = parseEnv({ ...process.env, ...nextVars }); // an invalid set throws before anything changes
  testVarsSlot[TEST_VARS] = nextVars;
  const current = cached;
  const previous = current && { ...current };
  if (current) Object.assign(current, resolve(parsed, current));
  return () => {
    testVarsSlot[TEST_VARS] = previousVars;
    const target = current ?? cached;
    if (!target) return;
    let restored = previous;
    if (!restored) {
      restored = resolve(parseEnv(source()), target);
    }
    for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
    Object.assign(target, restored);
  };
}

/**
 * The variables to hand a child process (scripts/start.ts starts the sandbox and Next; tests start
 * instances): process.env with a test's overrides, so a child runs with the configuration its
 * parent has.
 */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...source(), ...extra } as NodeJS.ProcessEnv;
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
