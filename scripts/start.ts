// npm start / npm run dev: validate the configuration, apply migrations, build when the sources
// changed, start the embedded sandbox upstream when UVVI_BASE_URL is unset (and the embedded test
// SMTP server when SMTP_URL is unset with a test key), then serve Next.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { EnvError } from "../lib/env/schema";
import { applyCompileHints } from "./compile-hints";
import { applyPrecompression } from "./precompress-static";
import { childProcessEnv, loadEnv } from "../lib/env/load";
import { createPrismaClient, configureDatabase } from "../lib/db/create-client";
import { ensureMigrated } from "./lib/apply-migrations";
import { DatabaseCheckError } from "./lib/database-check";
import {
  assertDataKeys,
  DataKeyError,
  ENCRYPTION_MIGRATION,
  sealStoredData,
} from "./lib/data-step";

const dev = process.argv.includes("--dev");
const children: ChildProcess[] = [];

function fail(message: string): never {
  console.error(`\n[start] ${message}\n`);
  for (const child of children) child.kill("SIGTERM");
  process.exit(1);
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}
const childEnv = childProcessEnv({ DATABASE_URL: env.databaseUrl, PORT: String(env.port) });
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: "inherit", env: childEnv });

// scripts/ too: a change to how the build is made or post-processed must rebuild. Both schema
// files: the build bundles both generated clients, and a generator option (relationJoins) lives
// in the PostgreSQL one only.
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "scripts",
  "prisma/schema.prisma",
  "prisma/postgresql/schema.prisma",
  "next.config.ts",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];
function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (p: string) => {
    if (!existsSync(p) || p.includes(`lib${path.sep}generated`)) return;
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    else hash.update(p).update(readFileSync(p));
  };
  SOURCES.forEach(walk);
  return hash.digest("hex");
}

async function waitFor(url: string, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  fail(`${what} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

function startChild(
  name: string,
  cmd: string,
  args: string[],
  extraEnv: Record<string, string> = {},
) {
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...childEnv, ...extraEnv } });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (shuttingDown) return;
    console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything.`);
    shutdown(code ?? 1);
  });
  return child;
}

let shuttingDown = false;
/** The server drains in-flight requests and runs its shutdown hooks first: wait for it (bounded). */
const CHILD_EXIT_MS = 35_000;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  setTimeout(() => process.exit(code), CHILD_EXIT_MS).unref();
  // Last started first: the server finishes its requests while the sandbox still answers them.
  void (async () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    process.exit(code);
  })();
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

/**
 * A port another process holds: say which variable moves it, before minutes of building. Not
 * SMTP_PORT: instances on one host share the first one's test SMTP server (lib/mail/dev-smtp/main.ts).
 */
function portFree(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function checkPorts() {
  // Where each one listens: the server on every interface, the sandbox on 127.0.0.1.
  const wanted: [string, number, string | undefined][] = [["PORT", env.port, undefined]];
  if (env.upstreamMode === "sandbox") wanted.push(["SANDBOX_PORT", env.sandboxPort, "127.0.0.1"]);
  for (const [name, port, host] of wanted) {
    if (!(await portFree(port, host)))
      fail(
        `port ${port} is in use (another npm start?): stop that process, or run with ${name}=<a free port>.`,
      );
  }
}

async function prepareDatabase() {
  try {
    const applied = await ensureMigrated(env.databaseProvider, env.databaseUrl, childEnv);
    // SQLite migrated here across the encryption migration: seal its plain rows now (db:migrate does it otherwise).
    if (applied.some((m) => ENCRYPTION_MIGRATION.test(m)))
      await sealStoredData(env.databaseUrl, (line) => console.log(`[start] ${line}`));
    else await assertDataKeys(env.databaseUrl);
  } catch (error) {
    if (error instanceof DatabaseCheckError || error instanceof DataKeyError) fail(error.message);
    throw error;
  }
  const db = createPrismaClient(env.databaseUrl);
  await configureDatabase(db, env.databaseUrl);
  await db.$disconnect();
}

async function main() {
  // The Prisma clients are generated by scripts/bootstrap.mjs (npm start/dev), before this file's
  // imports need them.
  await checkPorts();
  await prepareDatabase();

  if (!dev) {
    const stamp = path.join(env.nextDistDir, "source-hash");
    const hash = sourceHash();
    if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== hash) {
      console.log("[start] sources changed since the last build: building");
      run("npx", ["next", "build"]);
      applyCompileHints(env.nextDistDir);
      applyPrecompression(env.nextDistDir);
      // Hashed again after the build: with another NEXT_DIST_DIR, next build adds its types
      // folder to tsconfig.json, and the earlier hash would make every later start rebuild.
      writeFileSync(stamp, sourceHash());
    }
  }

  if (env.upstreamMode === "sandbox") {
    // Node itself, not `npx tsx`: npx runs the command through a shell, which dies on our SIGTERM
    // without passing it on, and the sandbox would outlive us (seen in the fresh-clone test).
    startChild("sandbox", process.execPath, ["--import", "tsx", "lib/sandbox/main.ts"], {
      SANDBOX_PORT: String(env.sandboxPort),
    });
    await waitFor(`${env.upstreamBaseUrl}/api/v1/health`, "The embedded sandbox");
    console.log(
      `[start] sandbox upstream on ${env.upstreamBaseUrl} (test data, resets on restart)`,
    );
  }

  if (env.mail.embedded) {
    // No SMTP_URL with a test key: a local SMTP server and the mailbox page show every e-mail.
    startChild("smtp", process.execPath, ["--import", "tsx", "lib/mail/dev-smtp/main.ts"]);
    console.log(
      `[start] e-mail: test SMTP server on 127.0.0.1:${env.mail.smtpPort}, mailbox at ${env.publicBaseUrl}/dev/mailbox`,
    );
  }

  // Our server, not `next start`: it reads the client address from the socket (lib/server/serve.ts).
  startChild(
    "server",
    process.execPath,
    ["--import", "tsx", "lib/server/serve.ts", ...(dev ? ["--dev"] : [])],
    {
      NODE_ENV: dev ? "development" : "production",
    },
  );
  await waitFor(`http://127.0.0.1:${env.port}/api/health`, "The storefront", 120_000);
  console.log(
    `[start] storefront on ${env.publicBaseUrl} (${env.upstreamEnvironment === "test" ? "ambiente de testes" : "produção"})`,
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
