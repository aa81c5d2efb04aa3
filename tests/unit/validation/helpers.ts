import type * as z from "zod/mini";

/** The messages a schema gives for `input`, keyed by dotted path ("" for the root). */
export function messages(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

/** The first message at `path`, or undefined (so an input that parses fails the assertion). */
export function messageAt(schema: z.ZodMiniType, input: unknown, path: string): string | undefined {
  return messages(schema, input)[path]?.[0];
}
