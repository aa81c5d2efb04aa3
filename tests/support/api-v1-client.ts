import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import createClient from "openapi-fetch";
import type { paths } from "./api-v1";
import { ORIGIN } from "./upstream-helpers";

// The API as a despachante's developer uses it: an openapi-fetch client typed by the types
// openapi-typescript generated from our OpenAPI document (npm run api:types). Requests are
// dispatched in-process to the app/api/v1 route handlers (the URL decides which, as Next's router
// does), and EVERY answer is checked against the document's schema for that operation and status
// before the test sees it: an answer the document does not describe fails the test.

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type RouteFile = {
  pattern: RegExp;
  names: string[];
  template: string;
  mod: Record<string, Handler>;
};

const ROOT = path.resolve("app/api/v1");

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (entry === "route.ts") out.push(p);
  }
  return out;
}

let routes: RouteFile[] | null = null;
async function routeFiles(): Promise<RouteFile[]> {
  if (routes) return routes;
  routes = [];
  for (const file of walk(ROOT)) {
    const segments = path.relative(ROOT, path.dirname(file)).split(path.sep).filter(Boolean);
    const names = segments.filter((s) => s.startsWith("[")).map((s) => s.slice(1, -1));
    const pattern = new RegExp(
      `^/api/v1/${segments.map((s) => (s.startsWith("[") ? "([^/]+)" : s.replace(".", "\\."))).join("/")}$`,
    );
    const template = `/${segments.map((s) => (s.startsWith("[") ? `{${s.slice(1, -1)}}` : s)).join("/")}`;
    routes.push({ pattern, names, template, mod: (await import(file)) as Record<string, Handler> });
  }
  return routes;
}

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: unknown;
};
let checker: { doc: Doc; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | null = null;

/** The document as the server serves it, and a validator of answers against it. */
export async function openApiDoc(): Promise<Doc> {
  const { GET } = await import("@/app/api/v1/openapi.json/route");
  return (await GET().json()) as Doc;
}

async function check(template: string, method: string, res: Response): Promise<void> {
  if (!checker) {
    const doc = await openApiDoc();
    checker = {
      doc,
      ajv: new Ajv2020({ strict: false, validateFormats: false }),
      compiled: new Map(),
    };
  }
  const op = checker.doc.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${template} is not in the OpenAPI document`);
  const answer = op.responses[String(res.status)];
  if (!answer)
    throw new Error(
      `${method} ${template} answered ${res.status}, which the document does not list`,
    );
  const type = res.headers.get("content-type")?.split(";")[0] ?? "";
  if (!answer.content) {
    if ((await res.clone().text()) !== "")
      throw new Error(`${method} ${template}: unexpected body`);
    return;
  }
  const media = answer.content[type];
  if (!media)
    throw new Error(`${method} ${template} ${res.status} answered ${type}, not in the document`);
  if (type !== "application/json") return;
  const key = `${method} ${template} ${res.status}`;
  let validate = checker.compiled.get(key);
  if (!validate) {
    validate = checker.ajv.compile({
      ...(media.schema as object),
      components: checker.doc.components,
    });
    checker.compiled.set(key, validate);
  }
  const body: unknown = await res.clone().json();
  if (!validate(body))
    throw new Error(
      `${key}: the answer does not match the document: ${checker.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
}

/** Answers checked so far (a test can assert that the suite exercised the document). */
export const checkedAnswers = new Set<string>();

/** fetch for openapi-fetch: routes the request to its handler in-process and checks the answer. */
export async function inProcessFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const r of await routeFiles()) {
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    const handler = r.mod[request.method];
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    const res = await handler(request, { params: Promise.resolve(params) });
    await check(r.template, request.method, res);
    checkedAnswers.add(`${request.method} ${r.template} ${res.status}`);
    return res;
  }
  return new Response(null, { status: 404 });
}

/** The typed client with `key` as its bearer. */
export function apiClient(key: string, headers: Record<string, string> = {}) {
  return createClient<paths>({
    baseUrl: `${ORIGIN}/api/v1`,
    fetch: inProcessFetch,
    headers: { authorization: `Bearer ${key}`, ...headers },
  });
}
