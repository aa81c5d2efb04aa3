"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { Field, SelectInput, TextInput } from "@/components/ui/field";
import { Money } from "@/components/ui/money";
import { formatPlate } from "@/lib/rules/plate";
import { filterAndSort, type ResultsFilter, type SortKey } from "@/lib/rules/batch-results-table";
import type { BatchItemView } from "@/lib/workspace/batches/types";
import { ItemStatusBadge } from "./item-status-badge";

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: "client", label: "Cliente" },
  { key: "plate", label: "Placa" },
  { key: "status", label: "Situação" },
  { key: "total", label: "Total", numeric: true },
];

/** The results table: sortable by column, filtered by text and status; summaries fill in as they arrive. */
export function BatchResults({ batchId, items }: { batchId: string; items: BatchItemView[] }) {
  const [filter, setFilter] = useState<ResultsFilter>({ text: "", status: "all" });
  const [sort, setSort] = useState<{ key: SortKey; dir: "asc" | "desc" }>({
    key: "client",
    dir: "asc",
  });
  const rows = useMemo(() => filterAndSort(items, filter, sort), [items, filter, sort]);
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, dir: s.dir === "asc" ? "desc" : "asc" }
        : { key, dir: key === "total" ? "desc" : "asc" },
    );

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="lote-busca" label="Buscar cliente ou placa" className="flex-1">
          <TextInput
            id="lote-busca"
            type="search"
            value={filter.text}
            onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
          />
        </Field>
        <Field id="lote-situacao" label="Situação">
          <SelectInput
            id="lote-situacao"
            value={filter.status}
            onChange={(e) =>
              setFilter((f) => ({ ...f, status: e.target.value as ResultsFilter["status"] }))
            }
          >
            <option value="all">Todas</option>
            <option value="done">Concluídas</option>
            <option value="failed">Com falha</option>
            <option value="running">Consultando</option>
            <option value="queued">Na fila</option>
          </SelectInput>
        </Field>
      </div>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {rows.length} de {items.length} veículos
      </p>
      {/* Phones: one card per vehicle (a five-column table does not fit 390 px); sorting by a select. */}
      <div className="mt-3 flex flex-col gap-1 sm:hidden">
        <label htmlFor="lote-ordem" className="text-sm font-medium text-slate-800">
          Ordenar por
        </label>
        <select
          id="lote-ordem"
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => {
            const [key, dir] = e.target.value.split(":") as [SortKey, "asc" | "desc"];
            setSort({ key, dir });
          }}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
        >
          <option value="client:asc">Cliente (A-Z)</option>
          <option value="plate:asc">Placa</option>
          <option value="status:asc">Situação (falhas primeiro)</option>
          <option value="total:desc">Total (maior primeiro)</option>
          <option value="total:asc">Total (menor primeiro)</option>
        </select>
      </div>
      <ul className="mt-3 flex flex-col gap-3 sm:hidden" aria-label="Resultados do lote">
        {rows.map((item) => (
          <ResultCard key={item.id} batchId={batchId} item={item} />
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[36rem] border-collapse text-sm">
          <caption className="sr-only">
            Resultados do lote, ordenados por {COLUMNS.find((c) => c.key === sort.key)?.label}
          </caption>
          <thead>
            <tr className="border-b border-slate-300 text-left">
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={
                    sort.key === c.key ? (sort.dir === "asc" ? "ascending" : "descending") : "none"
                  }
                  className={c.numeric ? "text-right" : ""}
                >
                  <button
                    type="button"
                    onClick={() => toggle(c.key)}
                    className="min-h-11 px-2 font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {c.label}
                    <span aria-hidden="true">
                      {sort.key === c.key ? (sort.dir === "asc" ? " ▲" : " ▼") : ""}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col" className="px-2 font-semibold text-slate-900">
                Detalhe
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <ResultRow key={item.id} batchId={batchId} item={item} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Detail({ item }: { item: BatchItemView }) {
  if (item.status === "failed") return <span className="text-red-800">{item.errorMessage}</span>;
  const s = item.summary;
  if (!s)
    return (
      <span className="text-slate-700">
        {item.status === "running" ? "Consultando o Detran…" : "Aguardando a vez"}
      </span>
    );
  if (s.debtCount === 0) return <span className="text-slate-700">Nenhum débito pendente</span>;
  return (
    <span className="text-slate-800">
      Multas <Money cents={s.finesCents} /> · IPVA <Money cents={s.ipvaCents} /> · Licenciamento{" "}
      <Money cents={s.licensingCents} />
      {s.licensing.count > 0 ? (
        <span className="block text-slate-700">
          Para licenciar: <Money cents={s.licensing.totalCents} /> ({s.licensing.titles.join(", ")})
        </span>
      ) : null}
    </span>
  );
}

function PlateCell({ batchId, item }: { batchId: string; item: BatchItemView }) {
  return item.status === "done" ? (
    <Link
      className="font-semibold text-brand-700 underline underline-offset-2"
      href={`/painel/lotes/${batchId}/itens/${item.id}`}
    >
      {formatPlate(item.plate)}
    </Link>
  ) : (
    <>{formatPlate(item.plate)}</>
  );
}

function ResultCard({ batchId, item }: { batchId: string; item: BatchItemView }) {
  return (
    <li className="rounded-xl border border-slate-200 p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">{item.clientName}</p>
        <ItemStatusBadge status={item.status} />
      </div>
      <div className="mt-1 flex items-baseline justify-between gap-2">
        <p>
          <PlateCell batchId={batchId} item={item} />{" "}
          <span className="text-slate-700">{item.uf}</span>
        </p>
        <p className="font-semibold">
          {item.summary ? <Money cents={item.summary.totalCents} /> : "—"}
        </p>
      </div>
      <p className="mt-1">
        <Detail item={item} />
      </p>
    </li>
  );
}

function ResultRow({ batchId, item }: { batchId: string; item: BatchItemView }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="px-2 py-3 font-medium text-slate-900">{item.clientName}</td>
      <td className="whitespace-nowrap px-2 py-3">
        <PlateCell batchId={batchId} item={item} />{" "}
        <span className="text-slate-700">{item.uf}</span>
      </td>
      <td className="px-2 py-3">
        <ItemStatusBadge status={item.status} />
      </td>
      <td className="px-2 py-3 text-right font-semibold">
        {item.summary ? <Money cents={item.summary.totalCents} /> : "—"}
      </td>
      <td className="px-2 py-3">
        <Detail item={item} />
      </td>
    </tr>
  );
}
