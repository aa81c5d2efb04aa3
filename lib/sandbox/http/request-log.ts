import type { MiddlewareHandler } from "hono";
import { isInternalDispatch } from "./internal-dispatch";

// What the sandbox answered each key, newest last: how a partner (or a benchmark) sees its own
// traffic, 429s and their Retry-After included, without a proxy in front of the sandbox.
// In memory, like all sandbox state; bounded per key. /__sandbox/* itself is not recorded, nor
// the sandbox's own internal dispatches (the late processing of a `late-create` fault).

export type LoggedRequest = {
  at: string;
  method: string;
  path: string;
  status: number;
  retryAfter: number | null;
};

const MAX_PER_KEY = 10_000;

export function createRequestLog() {
  const byKey = new Map<string, LoggedRequest[]>();
  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.path.startsWith("/__sandbox/") || isInternalDispatch(c)) return next();
    await next();
    const key = c.req.header("x-api-key") ?? "";
    let log = byKey.get(key);
    if (!log) byKey.set(key, (log = []));
    if (log.length >= MAX_PER_KEY) log.splice(0, log.length - MAX_PER_KEY + 1);
    const retryAfter = c.res.headers.get("retry-after");
    log.push({
      at: new Date().toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      retryAfter: retryAfter === null ? null : Number(retryAfter),
    });
  };
  return {
    middleware,
    of: (key: string): readonly LoggedRequest[] => byKey.get(key) ?? [],
    reset: () => byKey.clear(),
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
