import type { EndpointView } from "@/lib/api-events/endpoints";
import { Badge } from "@/components/ui/badge";

/** Ativo, falhando (still on, failing since a date), or desligado (by the account, or for failing). */
export function EndpointStateBadge({ endpoint }: { endpoint: EndpointView }) {
  if (!endpoint.enabled)
    return (
      <Badge tone="danger">
        {endpoint.disabledReason === "failing" ? "Desligado por falhas" : "Desligado"}
      </Badge>
    );
  if (endpoint.failingSince) return <Badge tone="warning">Ativo, com falhas</Badge>;
  return <Badge tone="success">Ativo</Badge>;
}
