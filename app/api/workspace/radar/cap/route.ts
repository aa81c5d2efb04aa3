// POST /api/workspace/radar/cap – sets the account's monthly cap of Radar lookups.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { setMonthlyCap } from "@/lib/radar/workspace-watches";
import { radarCapInputSchema } from "@/lib/validation/radar-input";

export const POST = userRoute(
  "POST /api/workspace/radar/cap",
  { stateChanging: true, jsonBody: true },
  async (req, user) => {
    const input = parseOrThrow(radarCapInputSchema, await readJson(req));
    return jsonResponse(await setMonthlyCap(user.id, input.monthlyCap));
  },
);
