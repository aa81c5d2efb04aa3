// POST /api/v1/links/{linkId}/send – the open link e-mailed to its client (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { sendLink } from "@/lib/api/resources/links";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.sendLink, ({ caller, params }) =>
  sendLink(caller.user, params.linkId),
);
