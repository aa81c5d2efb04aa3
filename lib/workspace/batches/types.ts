// The shapes the batch API answers and the pages draw (no server code: the browser imports them).
import type { BatchItemStatus } from "@/lib/rules/batch-item-status";
import type { BatchItemSummary } from "./summary";

export type BatchItemView = {
  id: string;
  clientId: string;
  clientName: string;
  vehicleId: string;
  plate: string;
  uf: string;
  status: BatchItemStatus;
  errorCode: string | null;
  errorMessage: string | null;
  summary: BatchItemSummary | null;
  finishedAt: string | null;
};

export type BatchProgress = {
  total: number;
  done: number;
  failed: number;
  remaining: number;
  etaSeconds: number | null;
};
export type BatchView = {
  id: string;
  createdAt: string;
  progress: BatchProgress;
  items: BatchItemView[];
};
export type BatchListEntry = { id: string; createdAt: string; progress: BatchProgress };
