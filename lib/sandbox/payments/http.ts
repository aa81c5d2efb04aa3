// Small request helpers shared by the payment routes. Body reading and zod failures go through
// the core's helpers so every /uvvi/v1/* 400 has the same shape B ({code: VALIDATION_ERROR,
// details.fields}); malformed JSON never gets here (json-body middleware, shape C).
import type { Context } from "hono";
import type { z } from "zod";
import { errorB } from "../http/errors";
import { bodyOf } from "../http/json-body";
import { validationError } from "../http/validation";

export { apiKeyOf } from "../http/auth";

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

export async function parseBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<Parsed<z.output<S>>> {
  const result = schema.safeParse(await bodyOf(c));
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, response: validationError(c, result.error) };
}

/** A 400 for one field, in the same shape as a zod failure, plus a machine-readable reason. */
export function fieldError(c: Context, field: string, reason: string, message: string): Response {
  return errorB(c, 400, "VALIDATION_ERROR", message, { fields: { [field]: message }, reason });
}

export function iso(date: Date | undefined): string | null {
  return date ? date.toISOString() : null;
}
