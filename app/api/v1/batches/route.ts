// GET /api/v1/batches – the account's batches; POST – a new batch lookup (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { batchesPage, startApiBatch } from "@/lib/api/resources/batches";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listBatches, ({ caller, query }) =>
  batchesPage(caller.user.id, query),
);
export const POST = apiRoute(op.startBatch, ({ caller, body }) =>
  startApiBatch(caller.user.id, body),
);
