"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DeliveryView } from "@/lib/api-events/endpoints";
import { errorMessage } from "@/lib/browser/fetch-json";
import { endpointQuery, sendDeliveryAgain, webhookKeys } from "@/lib/browser/webhook-queries";
import { formatDateTimeBR } from "@/lib/rules/money";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

const OUTCOME: Record<
  DeliveryView["outcome"],
  { tone: "success" | "warning" | "danger"; text: string }
> = {
  delivered: { tone: "success", text: "Entregue" },
  pending: { tone: "warning", text: "Tentando" },
  failed: { tone: "danger", text: "Falhou" },
};

/** What the receiver answered last: its HTTP status, or why there was no answer. */
function answerOf(d: DeliveryView): string {
  if (d.lastStatus !== null) return `HTTP ${d.lastStatus}`;
  if (d.outcome === "delivered") return "HTTP 2xx";
  if (!d.lastError) return "—";
  if (d.lastError === "TIMEOUT") return "Sem resposta (tempo esgotado)";
  if (d.lastError === "ADDRESS_REFUSED") return "Endereço recusado";
  if (d.lastError === "ENDPOINT_DISABLED") return "Endereço desligado";
  return `Sem resposta (${d.lastError})`;
}

function SendAgainButton({ endpointId, delivery }: { endpointId: string; delivery: DeliveryView }) {
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () => sendDeliveryAgain(endpointId, delivery.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoint(endpointId) }),
  });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        onClick={() => again.mutate()}
        pending={again.isPending}
        pendingLabel="Reenviando…"
      >
        Reenviar
      </Button>
      <p aria-live="polite" className="text-xs">
        {again.data
          ? again.data.delivered
            ? `Entregue (HTTP ${again.data.status}).`
            : `Não entregue: ${again.data.status !== null ? `HTTP ${again.data.status}` : again.data.error}.`
          : again.isError
            ? errorMessage(again.error)
            : ""}
      </p>
    </div>
  );
}

/** One endpoint's recent deliveries: event, when, state, tries, the last answer, and "Reenviar". */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useQuery(endpointQuery(endpointId));
  if (log.isPending) return <p className="text-sm text-slate-600">Carregando as entregas…</p>;
  if (log.isError)
    return (
      <Alert tone="danger" live>
        {errorMessage(log.error)}
      </Alert>
    );
  const { deliveries } = log.data;
  if (deliveries.length === 0)
    return (
      <p className="text-sm text-slate-600">Nenhum evento enviado para este endereço ainda.</p>
    );
  return (
    <ul className="flex flex-col divide-y divide-slate-200" aria-label="Entregas recentes">
      {deliveries.map((d) => (
        <li
          key={d.id}
          className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex flex-col gap-1 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <code className="font-semibold text-slate-900">{d.type}</code>
              <Badge tone={OUTCOME[d.outcome].tone}>{OUTCOME[d.outcome].text}</Badge>
            </p>
            <p className="text-slate-700">
              {formatDateTimeBR(d.createdAt)} · {d.attempts}{" "}
              {d.attempts === 1 ? "tentativa" : "tentativas"} · {answerOf(d)}
              {d.nextTryAt ? ` · próxima tentativa ${formatDateTimeBR(d.nextTryAt)}` : ""}
            </p>
          </div>
          <SendAgainButton endpointId={endpointId} delivery={d} />
        </li>
      ))}
    </ul>
  );
}
