// POST /api/v1/lookups – one of the account's vehicles looked up now, within the API's share (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { startApiLookup } from "@/lib/api/resources/lookups";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.startLookup, ({ caller, body }) =>
  startApiLookup(caller.user.id, body.vehicleId),
);
