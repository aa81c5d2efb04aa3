"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/browser/fetch-json";
import { seededWith } from "@/lib/browser/queries";
import { radarQuery, type RadarFilterValues } from "@/lib/browser/radar-queries";
import type { RadarEventView, RadarPageView } from "@/lib/radar/radar-view";
import { formatDateTimeBR } from "@/lib/rules/money";
import { RADAR_KIND_LABELS } from "@/lib/rules/radar-event-text";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, SelectInput } from "@/components/ui/field";

function byClient(events: RadarEventView[]): [string, RadarEventView[]][] {
  // Groups keep the events' order (new first), so a client with something new comes first.
  const groups = new Map<string, RadarEventView[]>();
  for (const e of events) groups.set(e.clientName, [...(groups.get(e.clientName) ?? []), e]);
  return [...groups.entries()];
}

const TONE: Record<string, "danger" | "warning" | "brand" | "success" | "neutral"> = {
  appeared: "danger",
  amountChanged: "warning",
  discountEnds: "warning",
  dueSoon: "warning",
  disappeared: "success",
  stopped: "neutral",
};

/** The account's Radar: its state and events, polled so a change found by a scan shows without a reload. */
export function RadarFeed({ initial }: { initial: RadarPageView }) {
  const [filter, setFilter] = useState<RadarFilterValues>({});
  const filtered = Boolean(filter.client || filter.kind);
  const radar = useQuery({
    ...radarQuery(filter, initial.since),
    ...(filtered ? { placeholderData: keepPreviousData } : seededWith(initial)),
  });
  const view = radar.data ?? initial;
  const off = view.watched === 0 && view.events.length === 0 && !filtered;

  return (
    <div className="flex flex-col gap-5">
      {radar.isError ? (
        <Alert live tone="warning" title="Não foi possível atualizar o Radar agora">
          {errorMessage(radar.error)} Tentaremos de novo em instantes.
        </Alert>
      ) : null}
      {view.capReached ? (
        <Alert tone="warning" title="Limite mensal do Radar atingido">
          Os veículos no Radar usam {view.usedPerMonth.toLocaleString("pt-BR")} de{" "}
          {view.monthlyCap.toLocaleString("pt-BR")} consultas por mês. Eles continuam sendo
          verificados, mas nenhum outro pode ser ligado. Aumente o limite em{" "}
          <a href="#ligar" className="font-semibold underline underline-offset-2">
            Ligar ou desligar o Radar
          </a>
          .
        </Alert>
      ) : null}
      {view.stoppedBySelf.map((w) => (
        <Alert
          key={w.vehicleId}
          tone="danger"
          title={`Radar parado para ${w.plate} (${w.clientName})`}
        >
          {w.reason === "wrong_document"
            ? "O CPF/CNPJ do cliente não confere com o veículo no Detran. Corrija o cadastro do cliente e ligue o Radar de novo para este veículo."
            : "O Detran não encontrou este veículo. Confira a placa e o RENAVAM no cadastro e ligue o Radar de novo para este veículo."}
        </Alert>
      ))}

      {off ? (
        <Card aria-labelledby="radar-off">
          <h2 id="radar-off" className="text-lg font-semibold text-slate-900">
            O Radar está desligado
          </h2>
          <p className="mt-1 text-slate-700">
            Ligue o Radar e nós consultamos de novo os veículos dos seus clientes, toda semana ou
            todo dia. Você fica sabendo aqui e por e-mail de multas novas, descontos que acabam e
            parcelas que vencem, antes do cliente perder o prazo.
          </p>
          <ButtonLink href="#ligar" className="mt-4">
            Ligar o Radar
          </ButtonLink>
        </Card>
      ) : (
        <Card aria-labelledby="radar-status">
          <h2 id="radar-status" className="text-lg font-semibold text-slate-900">
            {view.newCount > 0
              ? `${view.newCount} ${view.newCount === 1 ? "novidade" : "novidades"} desde a sua última visita`
              : "Nada novo desde a sua última visita"}
          </h2>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            Radar ligado para <strong>{view.watched}</strong>{" "}
            {view.watched === 1 ? "veículo" : "veículos"} ·{" "}
            {view.usedPerMonth.toLocaleString("pt-BR")} de {view.monthlyCap.toLocaleString("pt-BR")}{" "}
            consultas por mês
            {view.nextCheckAt
              ? ` · próxima verificação em ${formatDateTimeBR(view.nextCheckAt)}`
              : ""}
            . Esta página atualiza sozinha.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field id="radar-client" label="Cliente">
              <SelectInput
                id="radar-client"
                value={filter.client ?? ""}
                onChange={(e) => setFilter({ ...filter, client: e.target.value || undefined })}
              >
                <option value="">Todos os clientes</option>
                {view.clients.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </SelectInput>
            </Field>
            <Field id="radar-kind" label="Tipo de aviso">
              <SelectInput
                id="radar-kind"
                value={filter.kind ?? ""}
                onChange={(e) => setFilter({ ...filter, kind: e.target.value || undefined })}
              >
                <option value="">Todos os avisos</option>
                {Object.entries(RADAR_KIND_LABELS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </SelectInput>
            </Field>
          </div>
        </Card>
      )}

      {!off && view.events.length === 0 ? (
        <Card>
          <p className="text-slate-800">
            {filtered
              ? "Nenhum aviso com esses filtros."
              : `Nenhuma mudança encontrada ainda. ${view.nextCheckAt ? `A próxima verificação é em ${formatDateTimeBR(view.nextCheckAt)}; ` : ""}quando uma multa nova aparecer ou um prazo se aproximar, ela aparece aqui.`}
          </p>
        </Card>
      ) : null}

      {byClient(view.events).map(([client, events]) => (
        <Card key={client} aria-label={`Avisos de ${client}`}>
          <h2 className="text-lg font-semibold text-slate-900">{client}</h2>
          <ul className="mt-3 flex flex-col divide-y divide-slate-200">
            {events.map((e) => (
              <li
                key={e.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="radar-event"
              >
                <div>
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    {e.isNew ? <Badge tone="brand">Novo</Badge> : null}
                    <Badge tone={TONE[e.kind] ?? "neutral"}>{e.label}</Badge>
                    <span className="font-semibold text-slate-900">
                      {e.plate}
                      {e.uf ? ` · ${e.uf}` : ""}
                    </span>
                  </p>
                  <p className="mt-1 text-slate-800">{e.sentence}</p>
                  <p className="text-xs text-slate-600">
                    Encontrado em {formatDateTimeBR(e.createdAt)}
                  </p>
                </div>
                {e.linkHref ? (
                  <ButtonLink href={e.linkHref} variant="secondary" className="sm:shrink-0">
                    Gerar link<span className="sr-only"> de pagamento para {e.plate}</span>
                  </ButtonLink>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
