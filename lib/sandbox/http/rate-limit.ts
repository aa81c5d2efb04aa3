import type { MiddlewareHandler } from "hono";
import { isInternalDispatch } from "./internal-dispatch";
import { rateLimited } from "./shaped-error";

const WINDOW_MS = 60_000;

/**
 * Fixed 60 s window per key, on the real clock (not the injectable one: pinning the clock for SP
 * maintenance tests must not freeze the limiter). /__sandbox/* is exempt so a test can always
 * reset or disarm; so is the sandbox's own late processing of a `late-create` fault (the client's
 * request was already counted).
 */
export function createRateLimiter(limitPerMinute: number) {
  const windows = new Map<string, { start: number; count: number }>();
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.path.startsWith("/__sandbox/") || isInternalDispatch(c)) return next();
    const key = c.req.header("x-api-key") ?? "";
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > limitPerMinute) return rateLimited(c, (w.start + WINDOW_MS - now) / 1000);
    await next();
  };
  return { middleware, reset: () => windows.clear() };
}
