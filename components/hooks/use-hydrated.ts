"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML, true once React runs in the browser. Submit buttons stay disabled
 * until then: a native submit before hydration would put RENAVAM, CPF or card data in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
