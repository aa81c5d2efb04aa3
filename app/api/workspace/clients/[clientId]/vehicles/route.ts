// POST /api/workspace/clients/{clientId}/vehicles – adds a vehicle (plate, UF, RENAVAM) to a client; 409 PLATE_TAKEN names the client that holds the plate.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { addVehicle } from "@/lib/workspace/clients/vehicles";
import { vehicleInputSchema } from "@/lib/validation/workspace-input";

export const dynamic = "force-dynamic";

export const POST = userRoute<{ clientId: string }>(
  "POST /api/workspace/clients/[clientId]/vehicles",
  { stateChanging: true, jsonBody: true },
  async (req, user, { clientId }) =>
    jsonResponse(
      {
        vehicle: await addVehicle(
          user.id,
          clientId,
          parseOrThrow(vehicleInputSchema, await readJson(req)),
        ),
      },
      201,
    ),
);
