import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourceHash } from "../../scripts/lib/ensure-build";
import { freePort } from "../support/app-process";

// The newcomer's path (README, Quick start): a clone of the commit under test with nothing generated
// (no lib/generated, no .next/, no data/), `npm start`, and the storefront answers. The clone
// reuses the installed node_modules as hard links (what `npm ci` would put there; Turbopack refuses
// a node_modules symlinked from outside the project), minus tool caches. Every port `npm start`
// opens is a free one of this run's, so it runs beside other suites and dev servers.
// FRESH_CLONE_REF=<commit> tries another commit (to see an old one fail).

const REPO = process.cwd();
const REF =
  process.env.FRESH_CLONE_REF ||
  execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const BUILD_MS = 9 * 60_000;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

/** Whether any process is left in the process group `pgid`. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function cloneFresh(): string {
  const base = mkdtempSync(path.join(process.env.FRESH_CLONE_DIR ?? tmpdir(), "placa-paga-fresh-"));
  const dir = path.join(base, "placa-paga");
  execFileSync("git", ["clone", "--quiet", "--no-checkout", REPO, dir]);
  execFileSync("git", ["-C", dir, "checkout", "--quiet", "--detach", REF]);
  try {
    execFileSync("cp", ["-al", path.join(REPO, "node_modules"), path.join(dir, "node_modules")]);
  } catch {
    execFileSync("cp", ["-a", path.join(REPO, "node_modules"), path.join(dir, "node_modules")]); // another file system
  }
  for (const cache of [".cache", ".vite", ".vite-temp"])
    rmSync(path.join(dir, "node_modules", cache), { recursive: true, force: true });
  return dir;
}

/**
 * The clone's build, made from the committed sources, serves the rest of `npm test` (the process
 * suites and the end-to-end step) when this tree's sources are the same: one `next build` per run
 * instead of two. Only when the stamps match, so uncommitted changes or FRESH_CLONE_REF still get
 * their own build. Hard links: the clone is deleted after this file. The build cache stays behind.
 */
function adoptBuild(clone: string) {
  const built = path.join(clone, ".next");
  const stamp = path.join(built, "source-hash");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== sourceHash(REPO)) return;
  const target = path.join(REPO, ".next");
  if (
    existsSync(path.join(target, "source-hash")) &&
    readFileSync(path.join(target, "source-hash"), "utf8") === sourceHash(REPO)
  )
    return;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target);
  for (const entry of readdirSync(built)) {
    if (entry === "cache" || entry === "source-hash") continue;
    try {
      execFileSync("cp", ["-al", path.join(built, entry), path.join(target, entry)]);
    } catch {
      execFileSync("cp", ["-a", path.join(built, entry), path.join(target, entry)]); // another file system
    }
  }
  // The stamp last: a copy cut short leaves a folder the next start rebuilds.
  copyFileSync(stamp, path.join(target, "source-hash"));
}

describe("a fresh clone: npm start", () => {
  let dir = "";
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && groupAlive(child.pid)) process.kill(-child.pid, "SIGKILL");
    if (dir && !process.env.FRESH_CLONE_KEEP)
      rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it(
    "with nothing generated builds, serves / and /api/health with the embedded sandbox, and stops cleanly on SIGTERM",
    async () => {
      dir = cloneFresh();
      for (const generated of ["lib/generated", ".next", "data", ".env"])
        expect(existsSync(path.join(dir, generated)), generated).toBe(false);

      const [port, sandboxPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
      // The newcomer's environment: none of this project's variables (vitest sets NODE_ENV=test).
      const env: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: process.env.LANG,
        TMPDIR: process.env.TMPDIR,
      };
      Object.assign(env, {
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        SMTP_PORT: String(smtpPort),
        PUBLIC_BASE_URL: `http://localhost:${port}`,
        NEXT_TELEMETRY_DISABLED: "1",
      });
      const logFile = path.join(path.dirname(dir), "npm-start.log");
      const log = createWriteStream(logFile);
      const npm = spawn("npm", ["start"], {
        cwd: dir,
        env: env as NodeJS.ProcessEnv,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = npm;
      npm.stdout.pipe(log);
      npm.stderr.pipe(log);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
        (resolve) => npm.once("exit", (code, signal) => resolve({ code, signal })),
      );
      let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      void exited.then((e) => (exit = e));
      const tail = () => readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");

      const deadline = Date.now() + BUILD_MS;
      let health: Response | null = null;
      while (Date.now() < deadline && !exit) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(5000),
        }).catch(() => null);
        if (health) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(exit, `npm start stopped before serving:\n${tail()}`).toBeNull();
      expect(health?.status, `no /api/health within ${BUILD_MS / 60_000} min:\n${tail()}`).toBe(
        200,
      );
      // Database and upstream (the embedded sandbox) reachable.
      expect(await health!.json()).toMatchObject({ ok: true });
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<html");
      // The embedded sandbox is the upstream: it answers on its port (401 without the API key).
      expect((await fetch(`http://127.0.0.1:${sandboxPort}/api/v1/health`)).status).toBeLessThan(
        500,
      );

      // Stopped as a service manager stops it: SIGTERM to the process it started.
      npm.kill("SIGTERM");
      const result = await Promise.race([
        exited,
        new Promise<null>((r) => setTimeout(() => r(null), 45_000)),
      ]);
      expect(result, `npm start did not exit within 45 s of SIGTERM:\n${tail()}`).not.toBeNull();
      expect(
        result!.code === 0 || result!.signal === "SIGTERM",
        `exit ${JSON.stringify(result)}:\n${tail()}`,
      ).toBe(true);
      // Nothing left behind: no process of its group, nothing on its ports.
      const settle = Date.now() + 10_000;
      while (groupAlive(npm.pid!) && Date.now() < settle)
        await new Promise((r) => setTimeout(r, 200));
      expect(groupAlive(npm.pid!), `processes left after npm start exited:\n${tail()}`).toBe(false);
      for (const p of [port, sandboxPort, smtpPort])
        expect(await listening(p), `port ${p} still open`).toBe(false);
      adoptBuild(dir);
    },
    BUILD_MS + 120_000,
  );
});
