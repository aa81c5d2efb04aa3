// POST /api/v1/radar/on – Radar turned on for a selection of the account's vehicles, within its monthly cap (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { radarOn } from "@/lib/api/resources/radar";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.radarOn, ({ caller, body }) =>
  radarOn(caller.user.id, body.selection, body.recurrence),
);
