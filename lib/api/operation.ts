import type * as z from "zod/mini";
import type { Code } from "@/lib/errors/codes";
import type { ApiKeyScope } from "@/lib/rules/api-key";

// One operation of the public API, declared once: the route handler parses with these schemas and
// the OpenAPI document (openapi.ts) is built from the same objects, so the document cannot say
// something the route does not do. Request schemas are the shared ones of lib/validation (the
// pages' forms parse with them too); answers have their own in ./schemas.ts.

type Schema = z.core.$ZodType;

export type ApiOperation<
  Body extends Schema | undefined = Schema | undefined,
  Query extends Schema | undefined = Schema | undefined,
  Path extends string = string,
> = {
  /** OpenAPI operationId, also the typed client's name for it. */
  id: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Under /api/v1, OpenAPI style: /clients/{clientId}. */
  path: Path;
  tag: string;
  summary: string;
  description?: string;
  /** GET needs read; every other method write. */
  scope: ApiKeyScope;
  body?: Body;
  /** A body that works, for the document (and the developer copying it). */
  bodyExample?: unknown;
  query?: Query;
  /** The success answer. `schema` undefined for a non-JSON answer (the CSV). */
  answer: { status: number; schema?: Schema; contentType?: string; example: unknown };
  /** The codes this operation may answer besides the ones every operation may. */
  errors: readonly Code[];
};

/** The path's {names}, as the route's params type: "/clients/{clientId}" -> { clientId: string }. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

export function operation<
  const Path extends string,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(op: Omit<ApiOperation<B, Q, Path>, "scope">): ApiOperation<B, Q, Path> {
  return { ...op, scope: op.method === "GET" ? "read" : "write" };
}
