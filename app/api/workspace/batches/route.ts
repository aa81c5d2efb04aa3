// GET /api/workspace/batches – the account's batches with progress; POST – starts a batch (max 500 vehicles).
import { userRoute } from "@/lib/auth/user-route";
import { jsonResponse } from "@/lib/http/errors";
import { readJson } from "@/lib/http/json-body";
import { parseOrThrow } from "@/lib/http/validation";
import { batchInputSchema } from "@/lib/validation/batch-input";
import { listBatches } from "@/lib/workspace/batches/batch-view";
import { startBatch } from "@/lib/workspace/batches/start-batch";

export const dynamic = "force-dynamic";

export const GET = userRoute(
  "GET /api/workspace/batches",
  { stateChanging: false },
  async (_req, user) => jsonResponse({ batches: await listBatches(user.id) }),
);

export const POST = userRoute(
  "POST /api/workspace/batches",
  { stateChanging: true, jsonBody: true },
  async (req, user) => {
    const input = parseOrThrow(batchInputSchema, await readJson(req));
    return jsonResponse(await startBatch(user.id, input), 201);
  },
);
