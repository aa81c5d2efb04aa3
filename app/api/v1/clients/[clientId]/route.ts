// GET, PATCH, DELETE /api/v1/clients/{clientId} (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { patchClient, readClient, removeClient } from "@/lib/api/resources/clients";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getClient, ({ caller, params }) =>
  readClient(caller.user.id, params.clientId),
);
export const PATCH = apiRoute(op.updateClient, ({ caller, params, body }) =>
  patchClient(caller.user.id, params.clientId, body),
);
export const DELETE = apiRoute(op.deleteClient, ({ caller, params }) =>
  removeClient(caller.user.id, params.clientId),
);
