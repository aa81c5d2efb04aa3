// POST /api/links/{token}/renew – a fresh share link for an expired one, or for an open one whose PIX ended abandoned (same lookup, debts, customer); 201 { token, amountCents, expiresAt }, 200 the one already made.
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { creatorIdFromRequest } from "@/lib/links/creator-cookie";
import { renewLink } from "@/lib/links/renew-link";

export const dynamic = "force-dynamic";

export const POST = route<{ token: string }>(
  "POST /api/links/[token]/renew",
  { stateChanging: true },
  async (req, { token }) => {
    const { created, ...link } = await renewLink(token, creatorIdFromRequest(req));
    return jsonResponse(link, created ? 201 : 200);
  },
);
