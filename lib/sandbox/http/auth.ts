import type { Context, MiddlewareHandler } from "hono";
import { errorA } from "./errors";

/** The key the auth middleware accepted (every route runs after it). */
export function apiKeyOf(c: Context): string {
  return c.req.header("x-api-key") ?? "";
}

/**
 * Only configured keys that start with sk_test_ are accepted: a production key (sk_live_) is
 * refused even if someone configured it, because the sandbox must never look like production.
 */
export function authMiddleware(apiKeys: readonly string[]): MiddlewareHandler {
  const accepted = new Set(apiKeys.filter((k) => k.startsWith("sk_test_")));
  return async (c, next) => {
    const key = c.req.header("x-api-key");
    if (!key) return errorA(c, 401, "UNAUTHORIZED", "Missing API key: send the x-api-key header");
    if (key.startsWith("sk_live_"))
      return errorA(
        c,
        401,
        "UNAUTHORIZED",
        "Production keys (sk_live_) are not valid in the sandbox",
      );
    if (!accepted.has(key)) return errorA(c, 401, "UNAUTHORIZED", "Invalid API key");
    await next();
  };
}
