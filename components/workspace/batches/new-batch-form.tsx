"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { createBatch, type BatchSelection } from "@/lib/browser/batch-queries";
import { errorMessage } from "@/lib/browser/fetch-json";
import { VehiclePicker, type PickerMode } from "../vehicle-picker";

export type BatchChoiceClient = {
  id: string;
  name: string;
  vehicles: { id: string; plate: string; uf: string }[];
};

const MAX = 500;

/** Pick every vehicle, some clients or some vehicles; the count and the 500 cap are shown before sending. */
export function NewBatchForm({ clients }: { clients: BatchChoiceClient[] }) {
  const router = useRouter();
  const [mode, setMode] = useState<PickerMode>("all");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const total = useMemo(() => clients.reduce((n, c) => n + c.vehicles.length, 0), [clients]);
  const count =
    mode === "all"
      ? total
      : mode === "clients"
        ? clients.filter((c) => picked.has(c.id)).reduce((n, c) => n + c.vehicles.length, 0)
        : picked.size;
  const start = useMutation({
    mutationFn: (selection: BatchSelection) => createBatch(selection),
    onSuccess: ({ batchId }) => router.push(`/painel/lotes/${batchId}`),
  });
  const choose = (m: PickerMode) => {
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
    start.mutate(
      mode === "all"
        ? { scope: "all" }
        : mode === "clients"
          ? { scope: "clients", clientIds: ids }
          : { scope: "vehicles", vehicleIds: ids },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" aria-describedby="contagem">
      <VehiclePicker
        legend="O que consultar"
        name="modo"
        clients={clients}
        mode={mode}
        onMode={choose}
        picked={picked}
        onToggle={toggle}
      />

      <p id="contagem" className="text-slate-900" aria-live="polite">
        <strong className="tabular-nums">{count}</strong>{" "}
        {count === 1 ? "veículo selecionado" : "veículos selecionados"} · até {MAX} por lote
      </p>
      {count > MAX ? (
        <Alert tone="warning" live title="Seleção acima do limite">
          São {count} veículos; cada lote consulta até {MAX}. Escolha menos clientes ou veículos e
          faça outro lote com o restante.
        </Alert>
      ) : null}
      {start.isError ? (
        <Alert tone="danger" live>
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <Button
        type="submit"
        pending={start.isPending || start.isSuccess}
        pendingLabel="Criando o lote…"
        disabled={count === 0 || count > MAX}
        className="sm:self-start"
      >
        Consultar {count} {count === 1 ? "veículo" : "veículos"}
      </Button>
    </form>
  );
}
