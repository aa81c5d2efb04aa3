// One value per process, whatever the module graph: Next's dev server reloads modules, and its
// bundled server code and the plain Node server load their own copies of a module, so a value that
// must be one per process (a client, a registry, a worker's state) lives on globalThis under a
// registered symbol. No server-only import: plain Node loads this too.

/**
 * The process's value for `key`, created on first use. With `keep: false` a value already kept is
 * still returned, but a new one is not kept (a module that shares its value in development only).
 */
export function processSingleton<T>(
  key: string,
  create: () => T,
  options: { keep?: boolean } = {},
): T {
  const store = globalThis as unknown as Record<symbol, unknown>;
  const symbol = Symbol.for(`placa-paga.${key}`);
  if (symbol in store) return store[symbol] as T;
  const value = create();
  if (options.keep ?? true) store[symbol] = value;
  return value;
}
