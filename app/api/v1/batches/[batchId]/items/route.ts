// GET /api/v1/batches/{batchId}/items – the batch's vehicles and, once done, their debts (docs/api.md).
import { apiRoute } from "@/lib/api/api-route";
import { API_OPERATIONS as op } from "@/lib/api/operations";
import { batchItemsPage } from "@/lib/api/resources/batches";

export const dynamic = "force-dynamic";

export const GET = apiRoute(op.listBatchItems, ({ caller, params, query }) =>
  batchItemsPage(caller.user.id, params.batchId, query),
);
