"use client";

import { useState } from "react";
import type { FieldErrors, Resolver } from "./use-form";

type Values = Record<string, unknown>;
type Issue = { path: PropertyKey[]; message: string };
/** What the resolver needs from a zod 4 schema (classic or mini). */
type ZodSchema<In, Out> = {
  _zod: { input: In; output: Out };
  safeParseAsync(
    data: unknown,
  ): Promise<{ success: true; data: Out } | { success: false; error: { issues: Issue[] } }>;
};

/** One message per field: the first issue zod reports for it (react-hook-form's zodResolver did the same). */
export function fieldErrors<V extends Values>(issues: Issue[]): FieldErrors<V> {
  const errors: Record<string, { message: string }> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= { message: issue.message };
  }
  return errors as FieldErrors<V>;
}

/**
 * A form resolver backed by a shared lib/validation schema that is downloaded after first paint
 * instead of with the page: zod/mini is ~18 KB gzipped, and a form only needs it when it validates
 * (the forms validate on submit, then on change).
 *
 * The chunk is fetched as soon as the form is focused or touched, so by the first submit (after
 * typing) it is normally there already; if it is not, the submit waits for it. Not on idle after
 * hydration: evaluating zod is a ~50 ms task on a slow phone, and a page that nobody has touched
 * yet should not pay it (Lighthouse counted it as blocking time on the pay page).
 * Validation itself is unchanged: the same schema the server parses with.
 */
export function lazyZodResolver<In extends Values, Out>(
  loadSchema: () => Promise<ZodSchema<In, Out>>,
) {
  let pending: Promise<ZodSchema<In, Out>> | undefined;
  const load = () =>
    (pending ??= loadSchema().catch((error: unknown) => {
      pending = undefined; // a failed download (offline) is retried on the next submit
      throw error;
    }));
  const resolver: Resolver<In, Out> = async (values) => {
    const result = await (await load()).safeParseAsync(values);
    return result.success
      ? { ok: true, values: result.data }
      : { ok: false, errors: fieldErrors<In>(result.error.issues) };
  };
  const preload = () => {
    load().catch(() => {});
  };
  return { resolver, preload };
}

/**
 * One lazy resolver per mounted form (a schema factory such as cardInputSchema() runs once per
 * mount, like the useMemo it replaces). Returns the resolver and the form's preload handlers:
 * spread `formProps` on the <form> (focus bubbles from any field; a pointer down on a button or a
 * label comes before its click).
 */
export function useLazyZodResolver<In extends Values, Out>(
  loadSchema: () => Promise<ZodSchema<In, Out>>,
) {
  const [{ resolver, preload }] = useState(() => lazyZodResolver(loadSchema));
  return { resolver, formProps: { onFocus: preload, onPointerDown: preload } };
}
