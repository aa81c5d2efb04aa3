// POST /api/v1/links/{linkId}/renew – a fresh link for an expired one (or an abandoned PIX), the same one on retries (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { renewLink } from "@/lib/api/resources/links";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.renewLink, ({ caller, params }) =>
  renewLink(caller.user.id, params.linkId),
);
