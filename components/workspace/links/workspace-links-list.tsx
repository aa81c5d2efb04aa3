"use client";

import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/browser/fetch-json";
import {
  workspaceLinksQuery,
  type AccountLinkView,
  type LinkFilter,
  type WorkspaceLinks,
} from "@/lib/browser/workspace-links";
import { LINK_STAGES, type LinkStage } from "@/lib/rules/link-filters";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, SelectInput } from "@/components/ui/field";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { STAGE_LABELS } from "./link-stage-badge";
import { WorkspaceLinkItem } from "./workspace-link-item";

const NO_CLIENT = "Sem cliente (links movidos deste navegador)";

function groupByClient(links: AccountLinkView[]) {
  const groups = new Map<string, AccountLinkView[]>();
  for (const link of links) {
    const name = link.clientName ?? NO_CLIENT;
    groups.set(name, [...(groups.get(name) ?? []), link]);
  }
  return [...groups.entries()].sort(([a], [b]) =>
    a === NO_CLIENT ? 1 : b === NO_CLIENT ? -1 : a.localeCompare(b, "pt-BR"),
  );
}

/** Every link of the account, by client, polled every 5 s so a payment appears without a reload. */
/** `sender`: the despachante's name and office, which each link's WhatsApp text opens with. */
export function WorkspaceLinksList({ sender }: { sender: string }) {
  // The filters live in the address (?client=&status=&paidToday=1), so a client's page can link
  // to "this client's links" and the back button keeps them.
  const params = useSearchParams();
  const [filter, setFilter] = useState<LinkFilter>(() => ({
    client: params.get("client") || undefined,
    status: (LINK_STAGES as readonly string[]).includes(params.get("status") ?? "")
      ? (params.get("status") as LinkStage)
      : undefined,
    paidToday: params.get("paidToday") === "1" || undefined,
  }));
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const [key, value] of [
      ["client", filter.client],
      ["status", filter.status],
      ["paidToday", filter.paidToday ? "1" : undefined],
    ] as const) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    if (url.href !== window.location.href)
      window.history.replaceState(window.history.state, "", url);
  }, [filter]);
  const links = useQuery({ ...workspaceLinksQuery(filter), placeholderData: keepPreviousData });
  const filtered = Boolean(filter.client || filter.status || filter.paidToday);

  return (
    <div className="flex flex-col gap-5">
      <Card aria-labelledby="filters-title">
        <h2 id="filters-title" className="text-sm font-semibold text-slate-800">
          Filtrar
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-3 sm:items-end">
          <Field id="filter-client" label="Cliente">
            <SelectInput
              id="filter-client"
              value={filter.client ?? ""}
              onChange={(e) => setFilter({ ...filter, client: e.target.value || undefined })}
            >
              <option value="">Todos os clientes</option>
              {links.data?.clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field id="filter-status" label="Situação">
            <SelectInput
              id="filter-status"
              value={filter.status ?? ""}
              onChange={(e) =>
                setFilter({
                  ...filter,
                  status: (e.target.value || undefined) as LinkStage | undefined,
                })
              }
            >
              <option value="">Todas</option>
              {LINK_STAGES.map((s) => (
                <option key={s} value={s}>
                  {STAGE_LABELS[s].label}
                </option>
              ))}
            </SelectInput>
          </Field>
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={filter.paidToday ?? false}
              onChange={(e) => setFilter({ ...filter, paidToday: e.target.checked || undefined })}
            />
            Só os pagos hoje
          </label>
        </div>
      </Card>
      <LinksBody query={links} filtered={filtered} sender={sender} />
    </div>
  );
}

function LinksBody({
  query,
  filtered,
  sender,
}: {
  query: UseQueryResult<WorkspaceLinks>;
  filtered: boolean;
  sender: string;
}) {
  if (query.isPending)
    return <WaitingBlock title="Carregando seus links" detail="Isso leva só um instante." />;
  if (query.isError) {
    return (
      <Alert live tone="danger" title="Não foi possível carregar seus links">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (query.data.links.length === 0) {
    return (
      <Card>
        <p className="text-slate-800">
          {filtered ? "Nenhum link com estes filtros." : "Nenhum link ainda."}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {filtered
            ? "Mude os filtros para ver os outros links."
            : "Faça uma consulta em lote, abra o resultado de um veículo, escolha os débitos e gere o link."}
        </p>
        {filtered ? null : (
          <ButtonLink href="/painel/lotes" variant="secondary" className="mt-4">
            Ir para as consultas em lote
          </ButtonLink>
        )}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {groupByClient(query.data.links).map(([name, group]) => (
        <section key={name} aria-label={`Links de ${name}`}>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{name}</h2>
          <ul className="flex flex-col gap-3">
            {group.map((link) => (
              <WorkspaceLinkItem key={link.token} link={link} sender={sender} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
