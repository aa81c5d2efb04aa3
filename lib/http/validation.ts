import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";

/** zod issues -> `{ "customer.email": "E-mail inválido..." }` (first message per field). */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError): AppError {
  return new AppError({
    code: "VALIDATION_ERROR",
    httpStatus: 400,
    message: "Alguns dados estão inválidos. Confira os campos destacados.",
    fields: fieldsOf(error),
  });
}

/** Parses with the shared schema; a failure is a 400 with pt-BR messages per field, never a 500. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
