// POST /api/workspace/batches/{batchId}/retry – queues the batch's failed items again, each with a new lookup.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { retryFailed } from "@/lib/workspace/batches/start-batch";

export const dynamic = "force-dynamic";

export const POST = userRoute<{ batchId: string }>(
  "POST /api/workspace/batches/[batchId]/retry",
  { stateChanging: true },
  async (_req, user, { batchId }) => jsonResponse(await retryFailed(user.id, batchId)),
);
