// GET /api/workspace/links/claim – how many links this browser made before signing in can move to the account; POST – moves them { claimed }.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { claimLinks, countClaimableLinks } from "@/lib/links/claim-links";
import { creatorIdFromRequest } from "@/lib/links/creator-cookie";

export const dynamic = "force-dynamic";

export const GET = userRoute("GET /api/workspace/links/claim", { stateChanging: false }, async (req) =>
  jsonResponse({ claimable: await countClaimableLinks(creatorIdFromRequest(req)) }),
);

export const POST = userRoute("POST /api/workspace/links/claim", { stateChanging: true }, async (req, user) =>
  jsonResponse({ claimed: await claimLinks(creatorIdFromRequest(req), user.id) }),
);
