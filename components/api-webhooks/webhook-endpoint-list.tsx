"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EndpointView } from "@/lib/api-events/endpoints";
import { errorMessage } from "@/lib/browser/fetch-json";
import {
  deleteEndpoint,
  endpointsQuery,
  updateEndpoint,
  webhookKeys,
} from "@/lib/browser/webhook-queries";
import { formatDateTimeBR } from "@/lib/rules/money";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DeliveryLog } from "./delivery-log";
import { EndpointStateBadge } from "./endpoint-state-badge";

function EndpointItem({ endpoint }: { endpoint: EndpointView }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const toggle = useMutation({
    mutationFn: () => updateEndpoint(endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteEndpoint(endpoint.id), onSuccess: refresh });
  const logId = `entregas-${endpoint.id}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 break-all font-mono text-sm font-semibold text-slate-900">
          {endpoint.url}
        </p>
        <EndpointStateBadge endpoint={endpoint} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Eventos: {endpoint.events.join(", ")} · cadastrado em {formatDateTimeBR(endpoint.createdAt)}
        {endpoint.failingSince
          ? ` · falhando desde ${formatDateTimeBR(endpoint.failingSince)}`
          : ""}
        {!endpoint.enabled && endpoint.disabledAt
          ? ` · desligado em ${formatDateTimeBR(endpoint.disabledAt)}`
          : ""}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Esconder as entregas" : "Ver as entregas"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => toggle.mutate()}
          pending={toggle.isPending}
          pendingLabel="Salvando…"
        >
          {endpoint.enabled ? "Desligar" : "Ligar de novo"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            if (window.confirm("Apagar este endereço e o registro das entregas?")) remove.mutate();
          }}
          pending={remove.isPending}
          pendingLabel="Apagando…"
        >
          Apagar
        </Button>
      </div>
      {toggle.isError || remove.isError ? (
        <Alert tone="danger" live className="mt-3">
          {errorMessage(toggle.error ?? remove.error)}
        </Alert>
      ) : null}
      {open ? (
        <div id={logId} className="mt-4">
          <DeliveryLog endpointId={endpoint.id} />
        </div>
      ) : null}
    </li>
  );
}

/** The account's endpoints with their state; each opens its delivery log. */
export function WebhookEndpointList({ initial }: { initial: EndpointView[] }) {
  const list = useQuery({ ...endpointsQuery(), initialData: { endpoints: initial } });
  if (list.data.endpoints.length === 0)
    return <p className="text-sm text-slate-600">Nenhum endereço cadastrado ainda.</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label="Endereços de webhooks">
      {list.data.endpoints.map((e) => (
        <EndpointItem key={e.id} endpoint={e} />
      ))}
    </ul>
  );
}
