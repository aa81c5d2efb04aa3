// GET /api/workspace/webhooks/{endpointId} – an endpoint with its recent deliveries; PATCH – on/off and events; DELETE – the endpoint and its log.
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/api-events/endpoints";
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { webhookEndpointPatchSchema } from "@/lib/validation/api-webhooks";

export const dynamic = "force-dynamic";

type P = { endpointId: string };

export const GET = userRoute<P>(
  "GET /api/workspace/webhooks/[endpointId]",
  { stateChanging: false },
  async (_req, user, { endpointId }) => jsonResponse(await getEndpoint(user.id, endpointId)),
);

export const PATCH = userRoute<P>(
  "PATCH /api/workspace/webhooks/[endpointId]",
  { stateChanging: true, jsonBody: true },
  async (req, user, { endpointId }) =>
    jsonResponse({
      endpoint: await updateEndpoint(
        user.id,
        endpointId,
        parseOrThrow(webhookEndpointPatchSchema, await readJson(req)),
      ),
    }),
);

export const DELETE = userRoute<P>(
  "DELETE /api/workspace/webhooks/[endpointId]",
  { stateChanging: true },
  async (_req, user, { endpointId }) => {
    await deleteEndpoint(user.id, endpointId);
    return jsonResponse({ deleted: true });
  },
);
