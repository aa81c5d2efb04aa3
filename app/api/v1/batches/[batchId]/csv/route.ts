// GET /api/v1/batches/{batchId}/csv – the batch page's CSV export (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { apiBatchCsv } from "@/lib/api/resources/batches";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.getBatchCsv, ({ caller, params }) =>
  apiBatchCsv(caller.user.id, params.batchId),
);
