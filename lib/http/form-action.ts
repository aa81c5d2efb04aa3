import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import type { AppCode } from "@/lib/errors/codes";
import { moduleLogger } from "@/lib/log/logger";

// The one wrapper of our server actions (each a public POST endpoint: Next checks its Origin).
// It validates the form with the shared zod schema and turns a refusal into data the form shows
// in words: an action that threw would reach the browser as a bare "server error".

const log = moduleLogger("http");

export type ActionFailure = {
  ok: false;
  code: AppCode;
  message: string;
  fields?: Record<string, string>;
};
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

const failure = (error: AppError): ActionFailure => ({
  ok: false,
  code: error.code,
  message: error.userMessage,
  ...(error.fields ? { fields: error.fields } : {}),
});

export async function formAction<S extends z.ZodMiniType, T>(
  name: string,
  schema: S,
  form: FormData,
  fn: (input: z.output<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const parsed = z.safeParse(
    schema,
    Object.fromEntries([...form.entries()].filter(([key]) => !key.startsWith("$ACTION"))),
  );
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]),
    );
    return {
      ok: false,
      code: "VALIDATION_ERROR",
      message: Object.values(fields)[0] ?? "Dados inválidos.",
      fields,
    };
  }
  try {
    return { ok: true, data: await fn(parsed.data) };
  } catch (error) {
    if (error instanceof AppError) return failure(error);
    log.error({ action: name, err: error }, "server action failed");
    return failure(new AppError({ code: "INTERNAL_ERROR" }));
  }
}
