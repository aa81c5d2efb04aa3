// GET /api/v1/lookups/{lookupId} – a lookup the account started through the API (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { readApiLookup } from "@/lib/api/resources/lookups";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getLookup, ({ caller, params }) =>
  readApiLookup(caller.user.id, params.lookupId),
);
