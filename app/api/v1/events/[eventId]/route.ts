// GET /api/v1/events/{eventId} – one event of the account (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { readEvent } from "@/lib/api/resources/events";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getEvent, ({ caller, params }) =>
  readEvent(caller.user.id, params.eventId),
);
