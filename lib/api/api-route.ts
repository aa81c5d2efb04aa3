import "server-only";
import * as z from "zod/mini";
import { areRowIds } from "@/lib/auth/row-id";
import { AppError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/errors";
import { recordRequest } from "@/lib/http/handler";
import { assertJsonBody, parseJsonText } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { requestIdFrom, runWithRequestId } from "@/lib/log/request-context";
import { consumeMetered, MeteredRefusal, type Meter } from "@/lib/rate-limit/limits";
import { bearerToken, scopeAllows } from "@/lib/rules/api-key";
import { apiErrorResponse } from "./api-errors";
import { idempotent } from "./idempotency";
import { authenticateKey, type ApiCaller } from "./keys";
import type { ApiOperation, PathParams } from "./operation";

// Every /api/v1 route handler (docs/api.md): the key (Authorization: Bearer pp_…; cookies never
// authenticate here, so there is no Origin check: a browser cannot make a cross-site request carry
// the key), the key's per-minute limit with RateLimit headers, its scope, ids that look like ids,
// the body and query parsed by the operation's own schemas, Idempotency-Key on POST, errors as
// `{ error: { code, message, fields } }` in English, and the access log and request metrics under
// the operation's pattern.

type Schema = z.core.$ZodType;
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends Schema
    ? z.output<NonNullable<S>>
    : undefined;

type AnyOperation = ApiOperation<Schema | undefined, Schema | undefined, string>;

export type ApiInput<Op extends AnyOperation> = {
  caller: ApiCaller;
  body: Out<Op["body"]>;
  query: Out<Op["query"]>;
  params: PathParams<Op["path"]>;
  req: Request;
};

/** A handler's answer: JSON data (sent with the operation's status), or a Response of its own. */
type Answer = unknown;

const rateHeaders = (m: Meter): Record<string, string> => ({
  "ratelimit-policy": `"key";q=${m.limit};w=${m.windowSeconds}`,
  ratelimit: `"key";r=${m.remaining};t=${m.resetSeconds}`,
});

export function apiRoute<Op extends AnyOperation>(
  op: Op,
  fn: (input: ApiInput<Op>) => Promise<Answer>,
) {
  const name = `${op.method} /api/v1${op.path}`;
  return async (
    req: Request,
    ctx?: { params: Promise<Record<string, string>> },
  ): Promise<Response> => {
    const requestId = requestIdFrom(req.headers.get("x-request-id"));
    return runWithRequestId(requestId, async () => {
      const started = performance.now();
      let headers: Record<string, string> = {};
      let res: Response;
      try {
        const caller = await authenticateKey(bearerToken(req.headers.get("authorization")));
        headers = rateHeaders(await consumeMetered("apiKey", caller.keyId));
        if (!scopeAllows(caller.scope, op.scope)) throw new AppError({ code: "API_KEY_READ_ONLY" });
        const params = (await ctx?.params) ?? {};
        if (!areRowIds(params)) throw new AppError({ code: "NOT_FOUND" });
        res = await answer(op, fn, req, caller, params, headers);
      } catch (error) {
        if (error instanceof MeteredRefusal) headers = rateHeaders(error.meter);
        if (error instanceof AppError && error.code === "API_KEY_INVALID")
          headers["www-authenticate"] = 'Bearer realm="api"';
        res = apiErrorResponse(error, headers);
      }
      res.headers.set("x-request-id", requestId);
      recordRequest(name, res.status, started);
      return res;
    });
  };
}

async function answer<Op extends AnyOperation>(
  op: Op,
  fn: (input: ApiInput<Op>) => Promise<Answer>,
  req: Request,
  caller: ApiCaller,
  params: Record<string, string>,
  headers: Record<string, string>,
): Promise<Response> {
  const query = op.query
    ? parseOrThrow(op.query, Object.fromEntries(new URL(req.url).searchParams))
    : undefined;
  let text = "";
  let body: unknown;
  if (op.body) {
    assertJsonBody(req);
    text = await req.text();
    body = parseOrThrow(op.body, parseJsonText(text));
  }
  // The operation's own schemas made these, so they are what ApiInput<Op> says.
  const input = { caller, body, query, params, req } as ApiInput<Op>;
  if (op.method !== "POST") {
    const data = await fn(input);
    if (!(data instanceof Response)) return jsonText(data, op.answer.status, headers);
    for (const [k, v] of Object.entries(headers)) data.headers.set(k, v);
    return data;
  }
  // A POST answers JSON, so its answer can be stored and replayed.
  const run = async () => ({ status: op.answer.status, body: JSON.stringify(await fn(input)) });
  const out = await idempotent(
    caller.keyId,
    req.headers.get("idempotency-key"),
    { method: req.method, url: req.url, body: text },
    run,
  );
  return jsonText(JSON.parse(out.body), out.status, {
    ...headers,
    ...(out.replayed ? { "idempotent-replayed": "true" } : {}),
  });
}

function jsonText(data: unknown, status: number, headers: Record<string, string>): Response {
  if (status === 204) return new Response(null, { status, headers: { ...headers } });
  return jsonResponse(data, status, headers);
}
