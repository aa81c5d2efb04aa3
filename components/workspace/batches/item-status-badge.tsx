import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ITEM_STATUS_LABEL } from "@/lib/rules/batch-item-status";
import type { BatchItemView } from "@/lib/workspace/batches/types";

const TONE: Record<BatchItemView["status"], BadgeTone> = {
  queued: "neutral",
  running: "brand",
  done: "success",
  failed: "danger",
};

export function ItemStatusBadge({ status }: { status: BatchItemView["status"] }) {
  return <Badge tone={TONE[status]}>{ITEM_STATUS_LABEL[status]}</Badge>;
}
