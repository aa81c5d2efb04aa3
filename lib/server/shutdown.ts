import { processSingleton } from "./singleton";

// Shutdown hooks: modules that hold claimed work or leases (the background workers) register a
// function here; the production server (lib/server/serve.ts) runs them on SIGTERM after the last
// in-flight request. On globalThis because Next's bundled server code and the server module are
// separate module graphs in one process. No server-only import: plain Node loads this too.

type Hook = () => Promise<void> | void;

const hookList = () => processSingleton<Hook[]>("shutdown-hooks", () => []);

export function onShutdown(fn: Hook): void {
  hookList().push(fn);
}

/** Runs every hook at once (each bounded by `timeoutMs`); resolves when all have finished or timed out. */
export async function runShutdownHooks(
  timeoutMs: number,
): Promise<{ failed: number; timedOut: number }> {
  const hooks = hookList().splice(0);
  let failed = 0;
  let timedOut = 0;
  await Promise.all(
    hooks.map(async (hook) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">(
        (resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)),
      );
      try {
        if ((await Promise.race([Promise.resolve().then(hook), timeout])) === "timeout") timedOut++;
      } catch {
        failed++;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { failed, timedOut };
}
