// GET /api/v1/links/{linkId} – a payment link with its payment's state (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { readLink } from "@/lib/api/resources/links";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getLink, ({ caller, params }) =>
  readLink(caller.user.id, params.linkId),
);
