// POST /api/links/{token}/renew – a fresh share link for an expired one (same lookup, debts, customer); 201 { token, amountCents, expiresAt }.
import { jsonResponse } from "@/lib/http/errors";
import { route } from "@/lib/http/handler";
import { creatorIdFromRequest } from "@/lib/links/creator-cookie";
import { renewLink } from "@/lib/links/renew-link";

export const dynamic = "force-dynamic";

export const POST = route<{ token: string }>(
  "POST /api/links/[token]/renew",
  { stateChanging: true },
  async (req, { token }) => jsonResponse(await renewLink(token, creatorIdFromRequest(req)), 201),
);
