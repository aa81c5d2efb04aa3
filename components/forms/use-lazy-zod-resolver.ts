"use client";

import { useState } from "react";
import type { FieldValues, Resolver } from "react-hook-form";

/** What zodResolver needs from a zod 4 schema (classic or mini), types only. */
type ZodSchema<In, Out> = { _zod: { input: In; output: Out } };

/**
 * A react-hook-form resolver backed by a shared lib/validation schema that is downloaded after
 * first paint instead of with the page: zod/mini + @hookform/resolvers are ~20 KB gzipped, and a
 * form only needs them when it validates (the forms validate on submit, then on change).
 *
 * The chunk is fetched as soon as the form is focused or touched, so by the first submit (after
 * typing) it is normally there already; if it is not, the submit waits for it. Not on idle after
 * hydration: evaluating zod is a ~50 ms task on a slow phone, and a page that nobody has touched
 * yet should not pay it (Lighthouse counted it as blocking time on the pay page).
 * Validation itself is unchanged: the same schema the server parses with, through zodResolver.
 */
export function lazyZodResolver<In extends FieldValues, Out>(loadSchema: () => Promise<ZodSchema<In, Out>>) {
  let pending: Promise<Resolver<In, unknown, Out>> | undefined;
  const load = () =>
    (pending ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<In, unknown, Out>,
      (error: unknown) => {
        pending = undefined; // a failed download (offline) is retried on the next submit
        throw error;
      },
    ));
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => (await load())(values, context, options);
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
export function useLazyZodResolver<In extends FieldValues, Out>(loadSchema: () => Promise<ZodSchema<In, Out>>) {
  const [{ resolver, preload }] = useState(() => lazyZodResolver(loadSchema));
  return { resolver, formProps: { onFocus: preload, onPointerDown: preload } };
}
