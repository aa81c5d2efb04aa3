// GET /api/workspace/batches/{batchId}/csv – the results as a CSV that Excel pt-BR opens (BOM, `;`, decimal comma).
import { userRoute } from "@/lib/auth/user-route";
import { batchCsvResponse } from "@/lib/workspace/batches/batch-csv";
import { getBatchView } from "@/lib/workspace/batches/batch-view";

export const dynamic = "force-dynamic";

export const GET = userRoute<{ batchId: string }>(
  "GET /api/workspace/batches/[batchId]/csv",
  { stateChanging: false },
  async (_req, user, { batchId }) => batchCsvResponse(await getBatchView(user.id, batchId)),
);
