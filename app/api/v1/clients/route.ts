// GET /api/v1/clients – the account's clients, newest first; POST – a new client (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { addClient, clientsPage } from "@/lib/api/resources/clients";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listClients, ({ caller, query }) =>
  clientsPage(caller.user.id, query),
);
export const POST = apiRoute(op.createClient, ({ caller, body }) =>
  addClient(caller.user.id, body),
);
