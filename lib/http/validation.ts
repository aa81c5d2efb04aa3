// Typed against zod's core, so the shared lib/validation schemas (zod/mini, also bundled for the
// browser) and any classic schema both fit; the server's parse is the same as the form's.
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";

/** zod issues -> `{ "customer.email": "E-mail inválido..." }` (first message per field). */
export function fieldsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.core.$ZodError): AppError {
  return new AppError({
    code: "VALIDATION_ERROR",
    fields: fieldsOf(error),
  });
}

/** Parses with the shared schema; a failure is a 400 with pt-BR messages per field, never a 500. */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
