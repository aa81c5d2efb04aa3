// GET /api/workspace/batches/{batchId} – progress (done, failed, remaining, ETA) and every item's summary.
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { getBatchView } from "@/lib/workspace/batches/batch-view";

export const dynamic = "force-dynamic";

export const GET = userRoute<{ batchId: string }>(
  "GET /api/workspace/batches/[batchId]",
  { stateChanging: false },
  async (_req, user, { batchId }) => jsonResponse(await getBatchView(user.id, batchId)),
);
