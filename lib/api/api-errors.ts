import "server-only";
import { ERROR_CODES } from "@/lib/errors/codes";
import { errorAnswer, jsonResponse } from "@/lib/http/errors";

// The API's errors: the same registry and statuses as the pages, `{ error: { code, message,
// fields } }`, but `message` is the code's English meaning (docs/errors.md): a program reads the
// code, its developer reads English. `fields` keeps the shared schemas' words per field.

export function apiErrorResponse(error: unknown, headers: Record<string, string> = {}): Response {
  const answer = errorAnswer(error);
  const { code, fields } = answer.body.error;
  const body: Record<string, unknown> = {
    error: { code, message: ERROR_CODES[code].meaning, ...(fields ? { fields } : {}) },
  };
  if (answer.body.retryAfterSeconds !== undefined)
    body.retryAfterSeconds = answer.body.retryAfterSeconds;
  return jsonResponse(body, answer.status, { ...answer.headers, ...headers });
}
