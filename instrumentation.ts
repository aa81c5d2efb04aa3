// Next calls register() once per server process, before it serves a request. The reactions
// between capabilities, webhook registration (sandbox mode) and the reconciliation sweep live in
// the Node runtime only: they use SQLite and timers.
// NEXT_RUNTIME is Next's own build-time switch, the one process.env read allowed outside lib/env.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackground } = await import("./lib/background/start");
  startBackground();
}
