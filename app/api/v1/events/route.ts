// GET /api/v1/events – the account's events, newest first, the webhooks' own bodies (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { eventsPage } from "@/lib/api/resources/events";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listEvents, ({ caller, query }) =>
  eventsPage(caller.user.id, query),
);
