// Waiting in tests: a plain pause, and a poll until a condition holds (or a deadline passes).

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** Polls `check` every `everyMs` until it answers truthy; throws `message` after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T> | T,
  opts: { timeoutMs?: number; everyMs?: number; message?: string } = {},
): Promise<T> {
  const { timeoutMs = 10_000, everyMs = 50, message = "condition not met" } = opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${message} within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
