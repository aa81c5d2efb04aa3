// POST /api/v1/radar/off – Radar stopped for a selection of the account's vehicles (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { radarOff } from "@/lib/api/resources/radar";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.radarOff, ({ caller, body }) =>
  radarOff(caller.user.id, body.selection),
);
