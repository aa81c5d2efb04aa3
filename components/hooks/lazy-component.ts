"use client";

import { useEffect, useSyncExternalStore, type ComponentType } from "react";

export type LazyComponentState<P> =
  | { status: "loading" }
  | { status: "ready"; Component: ComponentType<P> }
  | { status: "error"; retry: () => void };

const LOADING = { status: "loading" } as const;

/**
 * A component whose code is downloaded after first paint, with its loading state in the open (unlike
 * React.lazy's suspension), so the caller decides what stands in for it: e.g. keep the page's own
 * "Carregando…" block a moment longer rather than render a placeholder that shifts the layout.
 * The download starts when the first `useLazy()` caller mounts (or on `preload()`); once loaded
 * it is synchronous for every later render.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>) {
  let state: LazyComponentState<P> = LOADING;
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: LazyComponentState<P>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const preload = () => {
    if (started) return;
    started = true;
    load().then(
      (Component) => set({ status: "ready", Component }),
      () =>
        set({
          status: "error",
          retry: () => {
            started = false;
            set(LOADING);
            preload();
          },
        }),
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const getSnapshot = () => state;
  const getServerSnapshot = (): LazyComponentState<P> => LOADING;
  function useLazy(): LazyComponentState<P> {
    useEffect(preload, []);
    return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  }
  return { preload, useLazy };
}
