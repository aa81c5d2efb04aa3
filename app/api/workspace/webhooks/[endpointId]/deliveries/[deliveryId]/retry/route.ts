// POST /api/workspace/webhooks/{endpointId}/deliveries/{deliveryId}/retry – "Reenviar": send one delivery again now.
import { sendAgain } from "@/lib/api-events/send-again";
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

type P = { endpointId: string; deliveryId: string };

export const POST = userRoute<P>(
  "POST /api/workspace/webhooks/[endpointId]/deliveries/[deliveryId]/retry",
  { stateChanging: true },
  async (_req, user, { endpointId, deliveryId }) =>
    jsonResponse(await sendAgain(user.id, endpointId, deliveryId)),
);
