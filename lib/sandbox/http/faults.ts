import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { errorC } from "./errors";
import { isInternalDispatch } from "./internal-dispatch";
import { defaultShape, rateLimited, shapedError } from "./shaped-error";
import { wait } from "../util/timing";

// Sandbox-only fault injection, so clients can test their resilience: either per request with
// the `x-sandbox-fault` header, or armed through POST /__sandbox/faults for the next N matching
// requests (then disarmed, so the client's retry succeeds). /__sandbox/* itself is never faulted.

export const FAULT_KINDS = [
  "rate-limit",
  "server-error",
  "unavailable",
  "bad-gateway-html",
  "slow",
  "hang",
  "late-create",
] as const;

export const FaultSpec = z.object({
  fault: z.enum(FAULT_KINDS),
  retryAfter: z.coerce.number().int().min(0).optional(),
  delayMs: z.coerce.number().int().min(0).optional(),
  shape: z.enum(["A", "B", "C"]).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

export const ArmFaultBody = FaultSpec.extend({
  /** Exact path, or a prefix ending in `*`. */
  path: z.string().min(1),
  method: z.string().min(1).optional(),
  times: z.number().int().min(1).default(1),
});
export type ArmedFault = z.infer<typeof ArmFaultBody> & { id: number; remaining: number };

const HANG_MAX_MS = 10 * 60_000;
const DEFAULT_SLOW_MS = 5_000;
const DEFAULT_LATE_CREATE_MS = 10_000;
/** The only request `late-create` delays; on any other it is a plain `server-error`. */
const LATE_CREATE_METHOD = "POST";
const LATE_CREATE_PATH = "/uvvi/v1/payment";
const BAD_GATEWAY_HTML =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

/** Parses `kind; retryAfter=5; delayMs=200; shape=A`. */
export function parseFaultHeader(value: string): FaultSpec | null {
  const [kind = "", ...params] = value.split(";").map((p) => p.trim());
  const fields: Record<string, string> = { fault: kind };
  for (const p of params) {
    const [k, v] = p.split("=").map((s) => s.trim());
    if (k && v !== undefined) fields[k] = v;
  }
  const parsed = FaultSpec.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

export type FaultDeps = {
  /** The sandbox's tracked timers (ctx.schedule): cleared by POST /__sandbox/reset and on close. */
  schedule(fn: () => void, delayMs: number): void;
  /** Runs a request through the sandbox app itself, marked as an internal dispatch. */
  dispatch(request: Request): Promise<Response>;
};

export function createFaults(closing: AbortSignal, deps: FaultDeps) {
  let armed: ArmedFault[] = [];
  let nextId = 1;

  function take(method: string, path: string): FaultSpec | undefined {
    const f = armed.find(
      (a) =>
        (a.path.endsWith("*") ? path.startsWith(a.path.slice(0, -1)) : path === a.path) &&
        (!a.method || a.method.toUpperCase() === method),
    );
    if (!f) return undefined;
    f.remaining -= 1;
    if (f.remaining <= 0) armed = armed.filter((a) => a !== f);
    return f;
  }

  /**
   * `late-create`: the upstream failed to answer but goes on to process the payment. Answers 500
   * now and, after delayMs (real ms, like `slow`), runs the original request through the sandbox
   * as an internal dispatch, so every check of the payment route applies at that later moment.
   */
  async function lateCreate(c: Context, f: FaultSpec): Promise<Response> {
    const shape = f.shape ?? defaultShape(c.req.path, 500);
    if (c.req.method !== LATE_CREATE_METHOD || c.req.path !== LATE_CREATE_PATH) {
      return shapedError(c, 500, shape, "INTERNAL_ERROR", "Internal server error (injected)");
    }
    const body = await c.req.text();
    const headers = new Headers(c.req.raw.headers);
    headers.delete("x-sandbox-fault");
    headers.delete("content-length");
    headers.delete("transfer-encoding");
    const url = c.req.url;
    deps.schedule(() => {
      deps
        .dispatch(new Request(url, { method: LATE_CREATE_METHOD, headers, body }))
        .then((res) => res.body?.cancel())
        .catch((err: unknown) => console.error("[sandbox] late-create processing failed", err));
    }, f.delayMs ?? DEFAULT_LATE_CREATE_MS);
    return shapedError(
      c,
      500,
      shape,
      "INTERNAL_ERROR",
      "Internal server error (injected; the payment will be created late)",
    );
  }

  async function apply(
    c: Context,
    f: FaultSpec,
    next: () => Promise<void>,
  ): Promise<Response | void> {
    const shape = f.shape;
    const path = c.req.path;
    switch (f.fault) {
      case "rate-limit":
        return rateLimited(c, f.retryAfter ?? 60, shape);
      case "server-error":
        return shapedError(
          c,
          500,
          shape ?? defaultShape(path, 500),
          "INTERNAL_ERROR",
          "Internal server error (injected)",
        );
      case "unavailable":
        return shapedError(
          c,
          503,
          shape ?? defaultShape(path, 503),
          "SERVICE_UNAVAILABLE",
          "Service temporarily unavailable (injected)",
        );
      case "bad-gateway-html":
        return c.html(BAD_GATEWAY_HTML, 502);
      case "slow":
        await wait(f.delayMs ?? DEFAULT_SLOW_MS, c.req.raw.signal, closing);
        return next();
      case "hang":
        await wait(f.delayMs ?? HANG_MAX_MS, c.req.raw.signal, closing);
        return errorC(c, 504, "The sandbox held this request until the hang fault expired");
      case "late-create":
        return lateCreate(c, f);
    }
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    // The late processing of a `late-create` must neither be faulted nor consume an armed fault.
    if (c.req.path.startsWith("/__sandbox/") || isInternalDispatch(c)) return next();
    const header = c.req.header("x-sandbox-fault");
    if (header !== undefined) {
      const f = parseFaultHeader(header);
      if (!f)
        return errorC(
          c,
          400,
          `Unknown x-sandbox-fault "${header}"; expected one of ${FAULT_KINDS.join(", ")}`,
        );
      return apply(c, f, next);
    }
    const f = take(c.req.method, c.req.path);
    return f ? apply(c, f, next) : next();
  };

  return {
    middleware,
    arm(body: z.infer<typeof ArmFaultBody>): ArmedFault {
      const f: ArmedFault = { ...body, id: nextId++, remaining: body.times };
      armed.push(f);
      return f;
    },
    list: () => armed,
    clear(): number {
      const n = armed.length;
      armed = [];
      return n;
    },
  };
}
export type Faults = ReturnType<typeof createFaults>;
