// PATCH /api/workspace/vehicles/{vehicleId} – edits plate, UF, RENAVAM; DELETE – the vehicle, its batch items and their lookups.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { deleteVehicle, updateVehicle } from "@/lib/workspace/clients/vehicles";
import { vehicleInputSchema } from "@/lib/validation/workspace-input";

export const dynamic = "force-dynamic";

type P = { vehicleId: string };

export const PATCH = userRoute<P>(
  "PATCH /api/workspace/vehicles/[vehicleId]",
  { stateChanging: true, jsonBody: true },
  async (req, user, { vehicleId }) =>
    jsonResponse({
      vehicle: await updateVehicle(
        user.id,
        vehicleId,
        parseOrThrow(vehicleInputSchema, await readJson(req)),
      ),
    }),
);

export const DELETE = userRoute<P>(
  "DELETE /api/workspace/vehicles/[vehicleId]",
  { stateChanging: true },
  async (_req, user, { vehicleId }) => {
    await deleteVehicle(user.id, vehicleId);
    return jsonResponse({ deleted: true });
  },
);
