import type { Context, MiddlewareHandler } from "hono";
import { errorC } from "./errors";

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Rejects a malformed JSON body (400, shape C) before any route runs, whatever the route does
 * later. Hono caches the body text, so routes can still call c.req.json(). The Content-Type is
 * not enforced: a JSON body sent as text/plain is still read (lenient, documented).
 */
export const jsonBodyMiddleware: MiddlewareHandler = async (c, next) => {
  if (WITH_BODY.has(c.req.method)) {
    const text = await c.req.text();
    if (text.trim() !== "") {
      try {
        JSON.parse(text);
      } catch {
        return errorC(c, 400, "Malformed JSON in request body");
      }
    }
  }
  await next();
};

/** The parsed JSON body, or undefined when the request had none. */
export async function bodyOf(c: Context): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === "" ? undefined : (JSON.parse(text) as unknown);
}
