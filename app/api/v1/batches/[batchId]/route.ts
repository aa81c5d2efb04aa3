// GET /api/v1/batches/{batchId} – a batch's progress (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { readBatch } from "@/lib/api/resources/batches";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getBatch, ({ caller, params }) =>
  readBatch(caller.user.id, params.batchId),
);
