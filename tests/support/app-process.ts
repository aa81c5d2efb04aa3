import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import net from "node:net";

// Real processes for tests that need them (crash recovery): each spawned in its own process group
// so it can be stopped, or SIGKILLed, by its own pid and nothing else.

export type GroupProcess = { child: ChildProcess; pid: number; exited: Promise<void> };

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns `cmd args` as the leader of a new process group, stdout/stderr appended to files. */
export function spawnGroup(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdoutFile: string,
  stderrFile: string,
  cwd?: string,
): GroupProcess {
  const out = openSync(stdoutFile, "a");
  const err = openSync(stderrFile, "a");
  const child = spawn(cmd, args, { detached: true, stdio: ["ignore", out, err], env, cwd });
  closeSync(out);
  closeSync(err);
  if (!child.pid) throw new Error(`could not spawn ${cmd}`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, pid: child.pid, exited };
}

/** Signals the whole group led by `p` (the leader and its children: npx, tsx, next-server). */
export function signalGroup(p: GroupProcess | undefined, signal: NodeJS.Signals): void {
  if (!p) return;
  try {
    process.kill(-p.pid, signal);
  } catch {
    /* already gone */
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the leader has exited. */
export async function stopGroup(p: GroupProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!p) return;
  signalGroup(p, "SIGTERM");
  const timer = setTimeout(() => signalGroup(p, "SIGKILL"), graceMs);
  await p.exited;
  clearTimeout(timer);
  signalGroup(p, "SIGKILL"); // stragglers of the group
}

/** Polls `url` until it answers 2xx; fails early if `p` exits. */
export async function waitHealthy(
  url: string,
  p: GroupProcess,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(`process ${p.pid} exited before ${url} answered`);
    try {
      if ((await fetch(url, { headers, signal: AbortSignal.timeout(3_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Polls `probe` until it returns a value other than undefined. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
