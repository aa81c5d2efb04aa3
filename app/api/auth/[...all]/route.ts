// better-auth's endpoints (sign-in link, passkeys, session, sign-out, revoke sessions), behind our
// own checks: the sign-in-link request is validated and rate-limited in the database first.
import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/auth";
import { guardSignInLink } from "@/lib/auth/sign-in-guard";
import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

const handlers = toNextJsHandler(auth);

export const GET = route("GET /api/auth/*", { stateChanging: false }, (req) => handlers.GET(req));

export const POST = route("POST /api/auth/*", { stateChanging: true }, async (req) => {
  if (new URL(req.url).pathname === "/api/auth/sign-in/magic-link") await guardSignInLink(req);
  return handlers.POST(req);
});
