"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { batchKeys, batchQuery, retryFailedItems } from "@/lib/browser/batch-queries";
import { errorMessage } from "@/lib/browser/fetch-json";
import { seededWith } from "@/lib/browser/queries";
import type { BatchView } from "@/lib/workspace/batches/types";
import { BatchProgressBar } from "./batch-progress";
import { BatchResults } from "./batch-results";

/** A batch as it runs: polled until nothing remains; retry of the failed ones; exports. */
export function BatchDetail({ initial }: { initial: BatchView }) {
  const queryClient = useQueryClient();
  const batch = useQuery({ ...batchQuery(initial.id), ...seededWith(initial) });
  const retry = useMutation({
    mutationFn: () => retryFailedItems(initial.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: batchKeys.one(initial.id) }),
  });
  const view = batch.data;
  const clients = [...new Map(view.items.map((i) => [i.clientId, i.clientName])).entries()].sort(
    (a, b) => a[1].localeCompare(b[1], "pt-BR"),
  );
  const finished = view.progress.remaining === 0;

  return (
    <>
      <Card aria-labelledby="progresso">
        <h2 id="progresso" className="text-lg font-semibold text-slate-900">
          {finished ? "Lote concluído" : "Consultando os veículos"}
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-700">
          {finished
            ? `${view.progress.done} de ${view.progress.total} consultas concluídas.`
            : "Cada consulta leva de 1 a 5 segundos no Detran; os resultados aparecem abaixo assim que chegam. Você pode fechar esta página: o lote continua."}
        </p>
        <BatchProgressBar progress={view.progress} />
        {batch.isError ? (
          <Alert
            live
            tone="warning"
            className="mt-4"
            title="Não foi possível atualizar o progresso agora"
          >
            {errorMessage(batch.error)} Tentaremos de novo em instantes.
          </Alert>
        ) : null}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          {view.progress.failed > 0 ? (
            <Button
              variant="primary"
              pending={retry.isPending}
              pendingLabel="Enviando de novo…"
              onClick={() => retry.mutate()}
              disabled={!finished}
            >
              Tentar de novo os que falharam ({view.progress.failed})
            </Button>
          ) : null}
          <a
            className={buttonClass("secondary")}
            href={`/api/workspace/batches/${encodeURIComponent(view.id)}/csv`}
            download
          >
            Exportar CSV (Excel)
          </a>
        </div>
        {retry.isError ? (
          <Alert live tone="danger" className="mt-3">
            {errorMessage(retry.error)}
          </Alert>
        ) : null}
        {retry.isSuccess && retry.data.retried > 0 && !finished ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {retry.data.retried} consultas enviadas de novo.
          </p>
        ) : null}
      </Card>

      <Card aria-labelledby="resultados">
        <h2 id="resultados" className="mb-3 text-lg font-semibold text-slate-900">
          Resultados
        </h2>
        {view.items.length === 0 ? (
          <WaitingBlock
            title="Preparando o lote"
            detail="Os veículos entram na fila em instantes."
          />
        ) : (
          <BatchResults batchId={view.id} items={view.items} />
        )}
      </Card>

      <Card aria-labelledby="relatorios">
        <h2 id="relatorios" className="text-lg font-semibold text-slate-900">
          Relatório por cliente (PDF)
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Para enviar ao cliente: os veículos dele, os totais e o que o licenciamento exige. O
          CPF/CNPJ sai mascarado.
        </p>
        <ul className="mt-3 flex flex-col gap-1">
          {clients.map(([id, name]) => (
            <li key={id}>
              <a
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
                href={`/api/workspace/batches/${encodeURIComponent(view.id)}/clients/${encodeURIComponent(id)}/pdf`}
                download
              >
                Relatório de {name} (PDF)
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
