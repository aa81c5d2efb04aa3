"use client";

import { useEffect, useState } from "react";
import type { FieldValues, Resolver } from "react-hook-form";

/** What zodResolver needs from a zod 4 schema (classic or mini), types only. */
type ZodSchema<In, Out> = { _zod: { input: In; output: Out } };

/**
 * A react-hook-form resolver backed by a shared lib/validation schema that is downloaded after
 * first paint instead of with the page: zod/mini + @hookform/resolvers are ~20 KB gzipped, and a
 * form only needs them when it validates (the forms validate on submit, then on change).
 *
 * The chunk is fetched when the browser is idle after hydration or as soon as the form is focused,
 * so by the first submit it is normally there already; if it is not, the submit waits for it.
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
 * mount, like the useMemo it replaces). Returns the resolver and an `onFocus` handler for the form.
 */
export function useLazyZodResolver<In extends FieldValues, Out>(loadSchema: () => Promise<ZodSchema<In, Out>>) {
  const [{ resolver, preload }] = useState(() => lazyZodResolver(loadSchema));
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(preload, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preload, 300);
    return () => window.clearTimeout(id);
  }, [preload]);
  return { resolver, onFocus: preload };
}
