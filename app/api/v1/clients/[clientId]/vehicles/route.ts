// POST /api/v1/clients/{clientId}/vehicles – a vehicle for the client (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { addClientVehicle } from "@/lib/api/resources/clients";

export const dynamic = "force-dynamic";

export const POST = apiRoute(op.createVehicle, ({ caller, params, body }) =>
  addClientVehicle(caller.user.id, params.clientId, body),
);
