"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { lookupQuery, seededWith } from "@/lib/browser/queries";
import type { LookupView } from "@/lib/browser/types";
import { createWorkspaceLink } from "@/lib/browser/workspace-links";
import { DebtSelection } from "@/components/debts/debt-selection";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { LinkReady } from "./link-ready";

type Client = { id: string; name: string; phone: string | null; hasEmail: boolean };

/**
 * A vehicle's result in the workspace: the public flow's debt selection (same rules, presets and
 * explanations), whose next step makes the checkout and the link in one call for this client.
 */
export function ItemLinkMaker({
  initial,
  client,
  sender,
}: {
  initial: LookupView;
  client: Client;
  sender: string;
}) {
  const lookup = useQuery({ ...lookupQuery(initial.id), ...seededWith(initial) });
  const create = useMutation({
    mutationFn: (debtIds: string[]) =>
      createWorkspaceLink({ lookupId: initial.id, debtIds, clientId: client.id }),
  });
  const data = lookup.data;

  if (create.data)
    return (
      <LinkReady
        link={create.data}
        plate={data.plate}
        clientName={client.name}
        clientPhone={client.phone}
        clientHasEmail={client.hasEmail}
        sender={sender}
      />
    );
  if (data.status === "pending" || data.status === "delayed") {
    return (
      <WaitingBlock
        title="Consultando os débitos deste veículo"
        detail={`Estamos consultando o Detran-${data.uf}; costuma levar até 30 segundos. Esta página atualiza sozinha.`}
      />
    );
  }
  if (data.status === "no_debts") {
    return (
      <Alert live tone="success" title="Nenhum débito encontrado">
        O Detran-{data.uf} não tem multas, IPVA ou licenciamento em aberto para este veículo. Não há
        link a gerar.
      </Alert>
    );
  }
  if (data.status !== "debts") {
    return (
      <Alert live tone="danger" title="A consulta deste veículo não trouxe débitos">
        <p>{data.message ?? "Tente a consulta de novo mais tarde, pelo lote."}</p>
        {data.errorCode ? <p className="mt-1 text-xs">Código do órgão: {data.errorCode}</p> : null}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {create.isError ? (
        <Alert live tone="danger" title="Não foi possível gerar o link">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <DebtSelection
        lookupId={data.id}
        debts={data.debts}
        action={(selection) => (
          <Button
            onClick={() => create.mutate(selection)}
            disabled={selection.length === 0}
            pending={create.isPending}
            pendingLabel="Gerando o link…"
          >
            Gerar link de pagamento
          </Button>
        )}
      />
    </div>
  );
}
