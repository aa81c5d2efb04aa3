// GET, PATCH, DELETE /api/v1/vehicles/{vehicleId} (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { patchVehicle, readVehicle, removeVehicle } from "@/lib/api/resources/clients";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getVehicle, ({ caller, params }) =>
  readVehicle(caller.user.id, params.vehicleId),
);
export const PATCH = apiRoute(op.updateVehicle, ({ caller, params, body }) =>
  patchVehicle(caller.user.id, params.vehicleId, body),
);
export const DELETE = apiRoute(op.deleteVehicle, ({ caller, params }) =>
  removeVehicle(caller.user.id, params.vehicleId),
);
