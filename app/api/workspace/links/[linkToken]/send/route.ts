// POST /api/workspace/links/{linkToken}/send – e-mails the account's open link to its client (once per link and address); 202 { queued, to (masked) }.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { sendAccountLink } from "@/lib/links/send-link";

export const dynamic = "force-dynamic";

export const POST = userRoute<{ linkToken: string }>(
  "POST /api/workspace/links/[linkToken]/send",
  { stateChanging: true },
  async (_req, user, { linkToken }) => jsonResponse(await sendAccountLink(user, linkToken), 202),
);
