// npm run bench:instance – one storefront instance's resident memory and start time, three ways
// in the same run (issue 48, item 4):
//   compiled  dist/server.mjs under plain `node` (npm run build:dist: the production folder)
//   tsx       today's instance: `node --import tsx lib/server/serve.ts` on the same build's pages
//             (the source tree's .next build; skipped when there is none), without the 178 MB of
//             the scripts/start.ts process that supervises it under npm start
//   empty     the empty Next app (tests/bench/fixtures/empty-app) built standalone, `node server.js`
// Each: start time (spawn to the first 200 of /), resident memory (VmRSS) just started, after
// twenty page loads, and after 30 s at 50 requests a second over the storefront's public pages.
// Target: the compiled instance at most half of today's (the tsx server plus its supervisor).
//   --reuse   package the last standalone build again instead of building (npm run build:dist)
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, hasFlag } from "./lib/app-instance";
import { paced } from "./lib/http-load";
import { figure, printTable, target } from "./lib/table";

const PAGES = ["/", "/consulta", "/entrar", "/links", "/desenvolvedores/api"];
/** Today's supervising scripts/start.ts, measured in issue 48's text (it adds to every instance). */
const SUPERVISOR_MB = 178;

type Measured = {
  name: string;
  startMs: number;
  idleMb: number;
  loadsMb: number;
  loadedMb: number;
};

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(
  name: string,
  start: (port: number) => ChildProcess,
  pages: string[],
): Promise<Measured> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = start(port);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
      try {
        if ((await fetch(base, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        /* not yet */
      }
      if (performance.now() - t0 > 120_000) throw new Error(`${name} did not start`);
      await sleep(50);
    }
    const startMs = performance.now() - t0;
    await sleep(3000);
    const idleMb = rssMb(child.pid!);
    for (let i = 0; i < 20; i++) await (await fetch(`${base}${pages[i % pages.length]}`)).text();
    await sleep(1000);
    const loadsMb = rssMb(child.pid!);
    const load = await paced({
      targets: [base],
      ratePerSecond: 50,
      count: 1500,
      request: (i) => ({ method: "GET", path: pages[i % pages.length]! }),
    });
    const loadedMb = rssMb(child.pid!);
    figure(
      `${name} at 50 req/s`,
      `${load.ok} ok of ${load.requests}, p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms`,
    );
    return { name, startMs, idleMb, loadsMb, loadedMb };
  } finally {
    child.kill("SIGTERM");
    await Promise.race([new Promise((r) => child.once("exit", r)), sleep(30_000)]);
  }
}

/** The storefront's own variables for an instance on a migrated SQLite file and the sandbox. */
function storefrontEnv(db: string, sandboxUrl: string, port: number): NodeJS.ProcessEnv {
  const secret = (f: string) => readFileSync(path.join("data", f), "utf8").trim();
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: `file:${db}`,
    UVVI_BASE_URL: sandboxUrl,
    UVVI_API_KEY: "sk_test_sandbox_default",
    WEBHOOK_SECRET: secret("webhook-secret"),
    DATA_ENCRYPTION_KEY: secret("data-encryption-key"),
    DATA_INDEX_KEY: secret("data-index-key"),
    SMTP_URL: "smtp://127.0.0.1:9",
    LOG_LEVEL: "warn",
    RATE_LIMIT_WINDOW_SECONDS: "1",
  };
}

/** The empty app built standalone in a temporary folder: the folder and its server.js. */
function buildEmptyStandalone(): { dir: string; server: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-empty-standalone-"));
  cpSync(path.resolve("tests/bench/fixtures/empty-app"), dir, { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
  const config = path.join(dir, "next.config.mjs");
  const text = readFileSync(config, "utf8").replace(
    "reactStrictMode: true,",
    'reactStrictMode: true,\n  output: "standalone",',
  );
  writeFileSync(config, text);
  execFileSync(path.resolve("node_modules/.bin/next"), ["build", "."], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  // Traced from "/" (the fixture's root, so the node_modules link is followed): the app sits at
  // its own absolute path inside the standalone folder.
  const app = path.join(dir, ".next", "standalone", dir);
  cpSync(path.join(dir, ".next", "static"), path.join(app, ".next", "static"), { recursive: true });
  return { dir, server: path.join(app, "server.js") };
}

async function main() {
  if (!hasFlag("reuse") || !existsSync("dist/server.mjs"))
    execFileSync("npm", ["run", "build:dist"], { stdio: ["ignore", "ignore", "inherit"] });
  const work = mkdtempSync(path.join(tmpdir(), "bench-instance-"));
  const db = path.join(work, "bench.db");
  execFileSync("npx", ["tsx", "scripts/migrate.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: `file:${db}` },
  });
  const sandboxPort = await freePort();
  const sandbox = spawn("node", ["sandbox.mjs"], {
    cwd: "dist",
    stdio: "ignore",
    env: { PATH: process.env.PATH, NODE_ENV: "production", SANDBOX_PORT: String(sandboxPort) },
  });
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const empty = buildEmptyStandalone();
  const rows: Measured[] = [];
  try {
    rows.push(
      await measure(
        "empty Next app (standalone)",
        (port) =>
          spawn("node", [empty.server], {
            stdio: "ignore",
            env: {
              PATH: process.env.PATH,
              NODE_ENV: "production",
              PORT: String(port),
              HOSTNAME: "127.0.0.1",
            },
          }),
        ["/"],
      ),
    );
    rows.push(
      await measure(
        "compiled (dist/server.mjs)",
        (port) =>
          spawn("node", ["server.mjs"], {
            cwd: "dist",
            stdio: ["ignore", "ignore", "inherit"],
            env: { ...storefrontEnv(db, sandboxUrl, port), NEXT_DIST_DIR: ".next-dist" },
          }),
        PAGES,
      ),
    );
    if (existsSync(".next/BUILD_ID"))
      rows.push(
        await measure(
          "tsx (lib/server/serve.ts)",
          (port) =>
            spawn("node", ["--import", "tsx", "lib/server/serve.ts"], {
              stdio: ["ignore", "ignore", "inherit"],
              env: storefrontEnv(db, sandboxUrl, port),
            }),
          PAGES,
        ),
      );
  } finally {
    sandbox.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
    rmSync(empty.dir, { recursive: true, force: true });
  }
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  printTable(
    "One instance: start time and resident memory (VmRSS)",
    ["instance", "start", "just started", "after 20 pages", "after 30 s at 50/s"],
    rows.map((r) => [
      r.name,
      `${(r.startMs / 1000).toFixed(1)} s`,
      mb(r.idleMb),
      mb(r.loadsMb),
      mb(r.loadedMb),
    ]),
  );
  const [emptyApp, compiled, tsx] = rows;
  const size = execFileSync("du", ["-sm", "dist"], { encoding: "utf8" }).split("\t")[0];
  figure("dist folder", `${size} MB (node_modules, the standalone build, the compiled scripts)`);
  figure(
    "compiled vs the empty Next app",
    `just started ${(compiled!.idleMb / emptyApp!.idleMb).toFixed(2)}x, at 50/s ${(compiled!.loadedMb / emptyApp!.loadedMb).toFixed(2)}x`,
  );
  if (tsx) {
    for (const [when, c, t] of [
      ["just started", compiled!.idleMb, tsx.idleMb],
      ["after 20 pages", compiled!.loadsMb, tsx.loadsMb],
    ] as const) {
      const today = t + SUPERVISOR_MB;
      target(`instance memory ${when}`, mb(c), "<= 0.5x today's instance", c <= today / 2, {
        baseline: `${mb(today)} (tsx ${mb(t)} + its supervisor ${SUPERVISOR_MB} MB)`,
        ratio: c / today,
      });
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
