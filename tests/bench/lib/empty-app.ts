// The baseline: tests/bench/fixtures/empty-app (app/layout.tsx + app/page.tsx) built with the
// project's own next binary and served with `next start`. Built in a temporary copy outside the
// repository, with node_modules linked to the project's: built in place, Next 16.4.6's Turbopack
// picks up the repository's own instrumentation.ts and proxy.ts. Nothing lands in the repo.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-instance";

const NEXT_BIN = path.resolve("node_modules/.bin/next");

export type EmptyApp = { url: string; buildSeconds: number; stop: () => Promise<void> };

export async function startEmptyApp(): Promise<EmptyApp> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-empty-app-"));
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" as const };
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(path.resolve("tests/bench/fixtures/empty-app"), dir, {
      recursive: true,
      filter: (src) => !/[\\/](\.next|node_modules)([\\/]|$)/.test(src),
    });
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
    const t0 = Date.now();
    execFileSync(NEXT_BIN, ["build", "."], { cwd: dir, stdio: ["ignore", "ignore", "pipe"], env });
    const buildSeconds = (Date.now() - t0) / 1000;
    const port = await freePort();
    const server = spawn(NEXT_BIN, ["start", ".", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: dir,
      detached: true,
      stdio: "ignore",
      env,
    });
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise<void>((r) => server.once("exit", () => r()));
        try {
          process.kill(-server.pid!, "SIGTERM");
        } catch {
          /* gone */
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      cleanup();
    };
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        /* not yet */
      }
      if (server.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error("the empty Next app did not start");
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    return { url, buildSeconds, stop };
  } catch (error) {
    cleanup();
    throw error;
  }
}
