// GET /api/workspace/webhooks – the account's webhook endpoints; POST – a new one (its secret answered once).
import { createEndpoint, listEndpoints } from "@/lib/api-events/endpoints";
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { webhookEndpointInputSchema } from "@/lib/validation/api-webhooks";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/webhooks",
  { stateChanging: false },
  async (_req, user) => jsonResponse({ endpoints: await listEndpoints(user.id) }),
);

export const POST = userRoute(
  "POST /api/workspace/webhooks",
  { stateChanging: true, jsonBody: true },
  async (req, user) =>
    jsonResponse(
      await createEndpoint(user.id, parseOrThrow(webhookEndpointInputSchema, await readJson(req))),
      201,
    ),
);
