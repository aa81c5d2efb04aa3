// POST /api/workspace/radar/off – stops Radar for a selection of the account's vehicles.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { turnRadarOff } from "@/lib/radar/workspace-watches";
import { radarOffInputSchema } from "@/lib/validation/radar-input";

export const POST = userRoute(
  "POST /api/workspace/radar/off",
  { stateChanging: true, jsonBody: true },
  async (req, user) => {
    const input = parseOrThrow(radarOffInputSchema, await readJson(req));
    return jsonResponse(await turnRadarOff(user.id, input.selection));
  },
);
