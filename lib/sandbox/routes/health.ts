import type { Hono } from "hono";
import type { SandboxContext } from "../context";

// The spec leaves the health body unshown; this one tells a client both that its key works and
// that it is talking to the sandbox, not production.
export function registerHealthRoute(app: Hono, ctx: SandboxContext): void {
  app.get("/api/v1/health", (c) =>
    c.json({
      success: true,
      status: "ok",
      environment: "sandbox",
      version: "1.0.0",
      time: ctx.options.now().toISOString(),
    }),
  );
}
