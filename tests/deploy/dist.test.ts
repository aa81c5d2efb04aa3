import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateCli } from "../../scripts/lib/migrate-cli";
import { startPgCluster, type PgCluster } from "../../scripts/lib/pg-cluster";
import { SANDBOX_VEHICLES } from "../../lib/sandbox/catalog/vehicles";
import { freePort } from "../support/app-process";
import { hostSecrets } from "./host-secrets";

// The production folder (npm run build:dist, docs/deploy.md), built into a temporary folder
// outside the repository and run there by plain `node` with an environment that names nothing of
// ours but the storefront's variables: no tsx, no TypeScript source, no dev dependency, no
// next.config.ts anywhere above it, none of this host's generated secrets inside it.
// npm run test:deploy (a step of .ci/run of its own, outside npm test).

const base = mkdtempSync(path.join(tmpdir(), "placa-paga-dist-"));
const OUT = path.join(base, "dist");
const children: ChildProcess[] = [];
let server: ChildProcess;
let url: string;
let output = "";
let cluster: PgCluster;
let databaseUrl: string;
let migrated: { code: number | null; text: string }[];
/** What an OTLP collector in this process received from the compiled server (docs/tracing.md). */
const exported: string[] = [];
let collector: Server;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = path.join(dir, e);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const host = hostSecrets();

/** The storefront's variables, and nothing else of this machine's environment. */
const storefrontEnv = (): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  UVVI_API_KEY: "sk_test_sandbox_default",
  // The repository's own generated values: the scan below proves none of them was copied.
  WEBHOOK_SECRET: host.webhookSecret,
  DATA_ENCRYPTION_KEY: host.dataKey,
  DATA_INDEX_KEY: host.indexKey,
  SMTP_URL: "smtp://127.0.0.1:9",
  LOG_LEVEL: "warn",
});

/** `node migrate.mjs` in the folder: its exit code and what it printed. */
function migrate(): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["migrate.mjs"], {
      cwd: OUT,
      env: { NODE_ENV: "production", ...storefrontEnv(), UVVI_BASE_URL: "http://127.0.0.1:9" },
    });
    let text = "";
    child.stdout.on("data", (b: Buffer) => (text += b.toString()));
    child.stderr.on("data", (b: Buffer) => (text += b.toString()));
    child.on("exit", (code) => resolve({ code, text }));
  });
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: OUT,
    env: { NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (b: Buffer) => (output += b.toString());
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  children.push(child);
  return child;
}

async function answered(target: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}:\n${output}`);
    try {
      // Any answer: the sandbox asks for its key on every path.
      if ((await fetch(target, { signal: AbortSignal.timeout(2000) })).status < 500) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${target} never answered:\n${output}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  execFileSync("npx", ["tsx", "scripts/build-dist.ts", OUT], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query("CREATE DATABASE storefront");
  await admin.end();
  databaseUrl = cluster.url("storefront");
  const sandboxPort = await freePort();
  const sandbox = start("sandbox.mjs", { SANDBOX_PORT: String(sandboxPort) });
  await answered(`http://127.0.0.1:${sandboxPort}/api/v1/health`, sandbox);
  collector = createServer((req, res) => {
    let body = "";
    req.on("data", (b: Buffer) => (body += b.toString()));
    req.on("end", () => {
      exported.push(body);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // The migration step first, as a release runs it (twice at once: two migration containers).
  const [first, second] = await Promise.all([migrate(), migrate()]);
  migrated = [first!, second!];
  server = start("server.mjs", {
    ...storefrontEnv(),
    PORT: String(port),
    NEXT_DIST_DIR: ".next-dist",
    UVVI_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_BSP_SCHEDULE_DELAY: "100",
  });
  await answered(`${url}/api/health`, server);
}, 10 * 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  cluster?.stop();
  collector?.close();
  rmSync(base, { recursive: true, force: true });
});

describe("the production folder", () => {
  it("holds compiled JavaScript and production packages only, and none of this host's secrets", () => {
    const all = files(OUT);
    const ours = all.filter((f) => !f.includes(`${path.sep}node_modules${path.sep}`));
    expect(ours.filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
    const packages = readdirSync(path.join(OUT, "node_modules"));
    for (const dev of ["tsx", "typescript", "vitest", "@playwright", "prisma", "eslint", "esbuild"])
      expect(packages, dev).not.toContain(dev);
    expect(readdirSync(OUT)).not.toContain("data");
    const secrets = Object.values(host);
    for (const file of all) {
      const text = readFileSync(file).toString("latin1");
      for (const s of secrets) expect(text.includes(s), file).toBe(false);
    }
  });

  it("migrates PostgreSQL without the Prisma CLI, once when two steps run at once, as the CLI records it", async () => {
    expect(migrated.map((m) => m.code)).toEqual([0, 0]);
    const texts = migrated.map((m) => m.text);
    expect(texts.filter((t) => /applied \d+: 20261121000000_init/.test(t))).toHaveLength(1);
    expect(texts.filter((t) => t.includes("no pending migrations"))).toHaveLength(1);
    // Prisma's own CLI reads the bookkeeping as its own: same names, same checksums.
    const status = spawnSync(...migrateCli(["migrate", "status"]), {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    expect(status.stdout).toContain("Database schema is up to date!");
    expect(status.status).toBe(0);
    expect((await migrate()).text).toContain("no pending migrations");
  });

  it("serves pages, the API document and readiness on PostgreSQL, and calls the upstream, under plain node", async () => {
    expect(await (await fetch(`${url}/api/ready`)).json()).toEqual({ ready: true });
    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Buscar veículo");
    // Static files come from the build's precompressed copies.
    const css = /href="(\/_next\/static\/[^"]+\.css)"/.exec(await (await fetch(url)).text())?.[1];
    expect(css).toBeTruthy();
    const asset = await fetch(`${url}${css}`, { headers: { "accept-encoding": "br" } });
    expect(asset.status).toBe(200);
    expect((await fetch(`${url}/api/v1/openapi.json`)).status).toBe(200);
    const v = SANDBOX_VEHICLES.syncAnswer;
    const vehicle = await fetch(`${url}/api/vehicles/${v.data.placa}?uf=${v.data.uf}`);
    expect(vehicle.status).toBe(200);
    expect(JSON.stringify(await vehicle.json())).toContain(v.data.modelo);
    // Traced by the compiled server: the request's span with the route's template (Next names it
    // there), the upstream call inside it, no span of Next's own, and the plate nowhere.
    const deadline = Date.now() + 10_000;
    while (!exported.join().includes("upstream enrichment") && Date.now() < deadline)
      await sleep(100);
    const spans = exported.join("\n");
    expect(spans).toContain('"name":"GET /api/vehicles/{id}"');
    expect(spans).toContain('"name":"upstream enrichment"');
    expect(spans).toContain('"stringValue":"/api/vehicles/[plate]"');
    expect(spans).not.toContain("next.span_type");
    expect(spans).not.toContain(v.data.placa);
  });

  it("stops on SIGTERM, draining, with exit code 0", async () => {
    const exited = new Promise<number | null>((r) => server.once("exit", (code) => r(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutdown hooks done");
  });
});
