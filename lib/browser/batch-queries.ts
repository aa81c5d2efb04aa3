// queryOptions for the batch pages: the batch is polled while items remain, then left alone.
import { queryOptions } from "@tanstack/react-query";
import type { BatchInputValues } from "@/lib/validation/batch-input";
import type { BatchView } from "@/lib/workspace/batches/types";
import { ApiError, fetchJson } from "./fetch-json";

export const BATCH_POLL_MS = 1_500;

export const batchKeys = { one: (id: string) => ["batch", id] as const };

export function batchQuery(id: string) {
  return queryOptions({
    queryKey: batchKeys.one(id),
    queryFn: ({ signal }) =>
      fetchJson<BatchView>(`/api/workspace/batches/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && query.state.data.progress.remaining === 0 ? false : BATCH_POLL_MS,
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 401)) && count < 3,
  });
}

export function retryFailedItems(id: string) {
  return fetchJson<{ retried: number }>(`/api/workspace/batches/${encodeURIComponent(id)}/retry`, {
    method: "POST",
  });
}

/** The body of POST /api/workspace/batches: the schema's input, so the page and the route cannot drift. */
export type BatchSelection = BatchInputValues;

export function createBatch(selection: BatchSelection) {
  return fetchJson<{ batchId: string; vehicles: number }>("/api/workspace/batches", {
    method: "POST",
    body: selection,
  });
}
