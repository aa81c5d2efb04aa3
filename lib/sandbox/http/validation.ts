import type { Context } from "hono";
import type { z } from "zod";
import { errorB } from "./errors";

/**
 * Shape B 400 whose details name every offending field: `details.fields` maps a dotted path
 * ("customer.email", or "body" for the root) to its first message.
 */
export function validationError(c: Context, error: z.ZodError): Response {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? "Invalid request";
  return errorB(c, 400, "VALIDATION_ERROR", first, { fields });
}
