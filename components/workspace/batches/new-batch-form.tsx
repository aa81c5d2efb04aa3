"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { createBatch, type BatchSelection } from "@/lib/browser/batch-queries";
import { errorMessage } from "@/lib/browser/fetch-json";
import { formatPlate } from "@/lib/rules/plate";

export type BatchChoiceClient = { id: string; name: string; vehicles: { id: string; plate: string; uf: string }[] };
type Mode = "all" | "clients" | "vehicles";

const MAX = 500;

/** Pick every vehicle, some clients or some vehicles; the count and the 500 cap are shown before sending. */
export function NewBatchForm({ clients }: { clients: BatchChoiceClient[] }) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("all");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const total = useMemo(() => clients.reduce((n, c) => n + c.vehicles.length, 0), [clients]);
  const count = mode === "all" ? total : mode === "clients" ? clients.filter((c) => picked.has(c.id)).reduce((n, c) => n + c.vehicles.length, 0) : picked.size;
  const start = useMutation({
    mutationFn: (selection: BatchSelection) => createBatch(selection),
    onSuccess: ({ batchId }) => router.push(`/painel/lotes/${batchId}`),
  });
  const choose = (m: Mode) => {
    setMode(m);
    setPicked(new Set());
  };
  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const ids = [...picked];
    start.mutate(mode === "all" ? { scope: "all" } : mode === "clients" ? { scope: "clients", clientIds: ids } : { scope: "vehicles", vehicleIds: ids });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" aria-describedby="contagem">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-slate-900">O que consultar</legend>
        {(
          [
            ["all", `Todos os veículos (${total})`],
            ["clients", "Escolher clientes"],
            ["vehicles", "Escolher veículos"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input type="radio" name="modo" value={value} checked={mode === value} onChange={() => choose(value)} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>

      {mode !== "all" ? (
        <fieldset className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{mode === "clients" ? "Clientes" : "Veículos"}</legend>
          <ul className="flex flex-col">
            {clients.map((c) =>
              mode === "clients" ? (
                <li key={c.id}>
                  <label className="flex min-h-11 items-center gap-3">
                    <input type="checkbox" checked={picked.has(c.id)} onChange={() => toggle(c.id)} className="size-5" />
                    <span>
                      {c.name} <span className="text-sm text-slate-700">({c.vehicles.length} {c.vehicles.length === 1 ? "veículo" : "veículos"})</span>
                    </span>
                  </label>
                </li>
              ) : (
                c.vehicles.map((v) => (
                  <li key={v.id}>
                    <label className="flex min-h-11 items-center gap-3">
                      <input type="checkbox" checked={picked.has(v.id)} onChange={() => toggle(v.id)} className="size-5" />
                      <span>
                        {formatPlate(v.plate)} <span className="text-sm text-slate-700">{v.uf} · {c.name}</span>
                      </span>
                    </label>
                  </li>
                ))
              ),
            )}
          </ul>
        </fieldset>
      ) : null}

      <p id="contagem" className="text-slate-900" aria-live="polite">
        <strong className="tabular-nums">{count}</strong> {count === 1 ? "veículo selecionado" : "veículos selecionados"} · até {MAX} por lote
      </p>
      {count > MAX ? (
        <Alert tone="warning" live title="Seleção acima do limite">
          São {count} veículos; cada lote consulta até {MAX}. Escolha menos clientes ou veículos e faça outro lote com o restante.
        </Alert>
      ) : null}
      {start.isError ? (
        <Alert tone="danger" live>
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <Button type="submit" pending={start.isPending || start.isSuccess} pendingLabel="Criando o lote…" disabled={count === 0 || count > MAX} className="sm:self-start">
        Consultar {count} {count === 1 ? "veículo" : "veículos"}
      </Button>
    </form>
  );
}
