// better-auth's endpoints (sign-in link, passkeys, session, sign-out, revoke sessions), behind our
// own checks: the sign-in-link request is validated and rate-limited in the database first.
import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth/auth";
import { guardSignInLink } from "@/lib/auth/sign-in-guard";
import { route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

const handlers = toNextJsHandler(auth);

const get = route("GET /api/auth/*", { stateChanging: false }, (req) => handlers.GET(req));

const post = route("POST /api/auth/*", { stateChanging: true }, async (req) => {
  if (new URL(req.url).pathname === "/api/auth/sign-in/magic-link") await guardSignInLink(req);
  return handlers.POST(req);
});

// better-auth reads the path itself; the catch-all's params ({ all: string[] }) are not used, and
// route()'s context type holds string params only.
export const GET = (req: Request) => get(req);
export const POST = (req: Request) => post(req);
