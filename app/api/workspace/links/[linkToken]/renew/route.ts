// POST /api/workspace/links/{linkToken}/renew – a fresh link for the account's expired one, or for an open one whose PIX ended abandoned (same lookup, debts, client); 201 { token, amountCents, expiresAt, url }, 200 the one already made.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { shareUrl } from "@/lib/links/owned-link";
import { renewAccountLink } from "@/lib/links/renew-link";

export const dynamic = "force-dynamic";

export const POST = userRoute<{ linkToken: string }>(
  "POST /api/workspace/links/[linkToken]/renew",
  { stateChanging: true },
  async (_req, user, { linkToken }) => {
    const { created, ...link } = await renewAccountLink(linkToken, user.id);
    return jsonResponse({ ...link, url: shareUrl(link.token) }, created ? 201 : 200);
  },
);
