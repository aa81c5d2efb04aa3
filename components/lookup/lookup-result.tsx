"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, type ReactNode } from "react";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { lookupQuery, seededWith } from "@/lib/browser/queries";
import type { LookupView } from "@/lib/browser/types";
import { formatPlate } from "@/lib/rules/plate";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { DebtSelection } from "@/components/debts/debt-selection";
import { lookupProblem } from "./authority-error";
import { LookupAge } from "./lookup-age";
import { RetryLookupButton } from "./retry-lookup-button";

function editHref(lookup: LookupView) {
  return `/consulta?${new URLSearchParams({ placa: lookup.plate, uf: lookup.uf })}`;
}

type Props = {
  initial: LookupView;
  /** Past this age a result is marked old, with a fresh lookup offered (LOOKUP_MAX_AGE_HOURS). */
  maxAgeMs: number;
  /** What the lookup covers (server-rendered, plain text): shown with every answer from the authority. */
  coverage?: ReactNode;
};

/**
 * The lookup's own page: draws the lookup as the server rendered it, then polls until the result
 * (it arrives by webhook) is there.
 */
export function LookupResult({ initial, maxAgeMs, coverage }: Props) {
  const lookupId = initial.id;
  const lookup = useQuery({ ...lookupQuery(lookupId), ...seededWith(initial) });
  // Query results arrive through useSyncExternalStore, whose renders are one blocking task; the
  // deferred copy renders the debt list in React's interruptible background pass instead.
  const data = useDeferredValue(lookup.data);

  if (lookup.isError) {
    const missing = lookup.error instanceof ApiError && lookup.error.status === 404;
    return (
      <Alert
        live
        tone="danger"
        title={missing ? "Consulta não encontrada" : "Não foi possível carregar a consulta"}
      >
        <p>
          {missing
            ? "Este endereço não corresponde a nenhuma consulta. Faça uma nova consulta."
            : errorMessage(lookup.error)}
        </p>
        <ButtonLink href="/consulta" variant="secondary" className="mt-3">
          Fazer uma nova consulta
        </ButtonLink>
      </Alert>
    );
  }

  const vehicle = `${formatPlate(data.plate)} (${data.uf})`;
  switch (data.status) {
    case "pending":
      return (
        <WaitingBlock
          title={`Consultando os débitos de ${vehicle}`}
          detail={`Estamos consultando o Detran-${data.uf}; costuma levar até 30 segundos. Você pode sair e voltar a esta página depois.`}
        />
      );
    case "delayed":
      return (
        <div className="flex flex-col gap-4">
          <WaitingBlock
            title={`Ainda consultando os débitos de ${vehicle}`}
            detail="Continuamos aguardando a resposta e esta página atualiza sozinha."
          />
          <Alert live tone="warning" title="Está demorando mais que o normal">
            <p>
              O Detran-{data.uf} está lento agora. Você pode esperar aqui, voltar a este endereço
              mais tarde ou começar a consulta de novo.
            </p>
            <div className="mt-3">
              <RetryLookupButton lookupId={lookupId} label="Consultar de novo" />
            </div>
          </Alert>
        </div>
      );
    case "debts":
      return (
        <div className="flex flex-col gap-5">
          <LookupAge lookupId={lookupId} checkedAt={data.checkedAt} maxAgeMs={maxAgeMs} />
          <DebtSelection lookupId={lookupId} debts={data.debts} />
          {coverage}
        </div>
      );
    case "no_debts":
      return (
        <div className="flex flex-col gap-5">
          <Alert live tone="success" title="Nenhum débito encontrado">
            <p>
              O Detran-{data.uf} não tem multas, IPVA ou licenciamento em aberto para {vehicle}. Não
              há nada a pagar agora.
            </p>
            <ButtonLink href="/" variant="secondary" className="mt-3">
              Consultar outro veículo
            </ButtonLink>
          </Alert>
          <LookupAge lookupId={lookupId} checkedAt={data.checkedAt} maxAgeMs={maxAgeMs} />
          {coverage}
        </div>
      );
    case "not_found":
      return (
        <Alert live tone="warning" title="Veículo não encontrado">
          <p>
            O Detran-{data.uf} não encontrou um veículo com estes dados. Confira a UF, a placa, o
            RENAVAM e o CPF ou CNPJ do proprietário.
          </p>
          <ButtonLink href={editHref(data)} variant="secondary" className="mt-3">
            Corrigir os dados
          </ButtonLink>
        </Alert>
      );
    default: {
      const problem = lookupProblem(data.errorCode, data.message);
      return (
        <Alert live tone="danger" title={problem.title}>
          <p>{problem.body}</p>
          {data.errorCode ? (
            <p className="mt-1 text-xs">Código do órgão: {data.errorCode}</p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <RetryLookupButton lookupId={lookupId} />
            <ButtonLink href={editHref(data)} variant="ghost">
              Corrigir os dados
            </ButtonLink>
          </div>
        </Alert>
      );
    }
  }
}
