import type { LinkStatus } from "@/lib/browser/types";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const LABELS: Record<LinkStatus, { label: string; tone: BadgeTone }> = {
  open: { label: "Aguardando pagamento", tone: "brand" },
  paid: { label: "Pago", tone: "success" },
  expired: { label: "Expirado", tone: "warning" },
};

/** A share link's state in the same words on the link's page and in "Meus links". */
export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const { label, tone } = LABELS[status];
  return <Badge tone={tone}>{label}</Badge>;
}
