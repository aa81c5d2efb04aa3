// A throwaway PostgreSQL cluster on a loopback port, for tests and `npm run db:migration`.
// initdb refuses root, so as root the binaries run as the unprivileged `postgres` user.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type PgCluster = { url(database?: string): string; port: number; dataDir: string; stop(): void };

const SEARCH = ["/usr/lib/postgresql"];

/** The folder holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export function findPgBin(searchPath = process.env.PATH ?? "", roots = SEARCH): string | null {
  const hasBoth = (dir: string) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));
  for (const dir of searchPath.split(path.delimiter)) if (dir && hasBoth(dir)) return dir;
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (hasBoth(path.join(root, v, "bin"))) return path.join(root, v, "bin");
  }
  return null;
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

function runAs(bin: string, args: string[]) {
  const [cmd, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

/**
 * Starts a fresh cluster (trust auth on 127.0.0.1 only); user `postgres`, no password.
 * `durable` keeps PostgreSQL's own defaults (fsync, synchronous commit, full-page writes), for
 * benchmarks that compare with SQLite's synchronous=FULL; tests leave them off.
 */
export async function startPgCluster({ durable = false } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error("No PostgreSQL server binaries (initdb, pg_ctl) found: install Debian's `postgresql` package.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "pg-cluster-"));
  if (isRoot()) {
    const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
    const [uid, gid] = [id("-u"), id("-g")];
    if (uid.status !== 0 || gid.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error("initdb refuses to run as root and there is no `postgres` user to run it as: run the tests as an ordinary user, or install Debian's `postgresql` package (it creates that user).");
    }
    chownSync(dataDir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
  }
  runAs(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  // fsync off: a test cluster is thrown away, and durability costs CI time.
  const fast = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1${fast} -c max_connections=300`;
  runAs(path.join(bin, "pg_ctl"), ["-D", dataDir, "-o", options, "-l", path.join(dataDir, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  return {
    port,
    dataDir,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAs(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
