import type { Context } from "hono";

// A request the sandbox dispatches to itself (today only the late processing of a `late-create`
// fault). It is marked through the Hono env bindings with a module-private symbol, not a header,
// so nothing a client sends can set it. Such a request still passes auth (same key) and the JSON
// check, but is not rate limited, not faulted (it must not consume an armed fault) and not
// recorded in the request log (no client sent it; the client saw the fault's 500).

const INTERNAL = Symbol("sandbox.internalDispatch");

/** The env bindings to pass to `app.fetch` for an internal dispatch. */
export function internalEnv(): Record<symbol, true> {
  return { [INTERNAL]: true };
}

export function isInternalDispatch(c: Context): boolean {
  const env = c.env as Record<symbol, unknown> | undefined;
  return env?.[INTERNAL] === true;
}
