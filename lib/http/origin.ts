import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

// Route handlers get no automatic CSRF protection (server actions do), so every state-changing
// route checks Origin: it must be our own origin, either the one the request was addressed to
// (Host, behind a proxy x-forwarded-host/-proto) or env.publicBaseUrl. A missing Origin is
// refused too: browsers always send it on POST, and our API has no non-browser clients.

function requestOrigin(req: Request): string | null {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (!host) return null;
  const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
  return `${proto}://${host}`;
}

export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  const allowed = new Set([env.publicBaseUrl, new URL(req.url).origin]);
  const fromHost = requestOrigin(req);
  if (fromHost) allowed.add(fromHost);
  return allowed.has(origin.replace(/\/+$/, ""));
}

export function assertSameOrigin(req: Request): void {
  if (!isSameOrigin(req)) {
    throw new AppError({ code: "FORBIDDEN_ORIGIN" });
  }
}
