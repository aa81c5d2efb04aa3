// GET /api/workspace/links/adopt – how many links this browser made before signing in can move to the account; POST – moves them { adopted }.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { adoptLinks, countAdoptableLinks } from "@/lib/links/adopt-links";
import { creatorIdFromRequest } from "@/lib/links/creator-cookie";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/links/adopt",
  { stateChanging: false },
  async (req) => jsonResponse({ adoptable: await countAdoptableLinks(creatorIdFromRequest(req)) }),
);

export const POST = userRoute(
  "POST /api/workspace/links/adopt",
  { stateChanging: true },
  async (req, user) =>
    jsonResponse({ adopted: await adoptLinks(creatorIdFromRequest(req), user.id) }),
);
