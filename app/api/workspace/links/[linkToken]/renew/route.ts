// POST /api/workspace/links/{linkToken}/renew – a fresh link for the account's expired one (same lookup, debts, client); 201 { token, amountCents, expiresAt, url }.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { shareUrl } from "@/lib/links/owned-link";
import { renewAccountLink } from "@/lib/links/renew-link";

export const dynamic = "force-dynamic";

export const POST = userRoute<{ linkToken: string }>(
  "POST /api/workspace/links/[linkToken]/renew",
  { stateChanging: true },
  async (_req, user, { linkToken }) => {
    const created = await renewAccountLink(linkToken, user.id);
    return jsonResponse({ ...created, url: shareUrl(created.token) }, 201);
  },
);
