import type { LinkStage } from "@/lib/rules/link-filters";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const STAGE_LABELS: Record<LinkStage, { label: string; tone: BadgeTone }> = {
  open: { label: "Aguardando pagamento", tone: "brand" },
  paid: { label: "Pago", tone: "success" },
  settled: { label: "Pago e baixado", tone: "success" },
  expired: { label: "Expirado", tone: "warning" },
};

/** The workspace's four states of a link, in the same words everywhere. */
export function LinkStageBadge({ stage }: { stage: LinkStage }) {
  const { label, tone } = STAGE_LABELS[stage];
  return <Badge tone={tone}>{label}</Badge>;
}
