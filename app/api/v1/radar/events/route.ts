// GET /api/v1/radar/events – what Radar found on the account's vehicles, newest first (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { radarEventsPage } from "@/lib/api/resources/radar";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listRadarEvents, ({ caller, query }) =>
  radarEventsPage(caller.user.id, query),
);
