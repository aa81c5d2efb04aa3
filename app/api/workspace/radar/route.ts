// GET /api/workspace/radar – the account's Radar events and state (?client=&kind=&since=); POST – the monthly cost of turning Radar on for a selection, and with confirm: true, turns it on.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { radarPageView } from "@/lib/radar/radar-view";
import { previewRadar, turnRadarOn } from "@/lib/radar/workspace-watches";
import { radarFilterSchema, radarOnInputSchema } from "@/lib/validation/radar-input";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/radar",
  { stateChanging: false },
  async (req, user) => {
    const filter = parseOrThrow(
      radarFilterSchema,
      Object.fromEntries(new URL(req.url).searchParams),
    );
    return jsonResponse(await radarPageView(user.id, filter));
  },
);

export const POST = userRoute(
  "POST /api/workspace/radar",
  { stateChanging: true, jsonBody: true },
  async (req, user) => {
    const input = parseOrThrow(radarOnInputSchema, await readJson(req));
    if (!input.confirm)
      return jsonResponse(await previewRadar(user.id, input.selection, input.recurrence));
    return jsonResponse(await turnRadarOn(user.id, input.selection, input.recurrence));
  },
);
