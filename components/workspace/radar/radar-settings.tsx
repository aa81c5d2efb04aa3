"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/lib/browser/fetch-json";
import {
  confirmRadarOn,
  previewRadarCost,
  radarKeys,
  refusedCost,
  turnRadarOffFor,
} from "@/lib/browser/radar-queries";
import type { RadarChoiceClient, RadarCost } from "@/lib/radar/workspace-watches";
import type { RadarOnValues } from "@/lib/validation/radar-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VehiclePicker, type PickerMode } from "../vehicle-picker";

type Recurrence = RadarOnValues["recurrence"];

const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: "Semanal (recomendado)",
  daily: "Diária",
};
const WATCH_LABELS: Record<Recurrence, string> = { weekly: "Radar semanal", daily: "Radar diário" };
const n = (x: number) => x.toLocaleString("pt-BR");

/** Choose vehicles and a recurrence, see the monthly cost against the cap, then confirm; or turn Radar off. */
export function RadarSettings({ clients }: { clients: RadarChoiceClient[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<PickerMode>("all");
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [recurrence, setRecurrence] = useState<Recurrence>("weekly");
  // A confirmation the server refused (the cap changed since the preview, in another tab or by
  // another confirmation): its cost replaces the preview, so no stale "usará" stays beside a
  // confirm button.
  const [refused, setRefused] = useState<RadarCost | null>(null);
  const ids = [...picked];
  const selection: RadarOnValues["selection"] =
    mode === "all"
      ? { scope: "all" }
      : mode === "clients"
        ? { scope: "clients", clientIds: ids }
        : { scope: "vehicles", vehicleIds: ids };
  const empty = mode !== "all" && picked.size === 0;

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: radarKeys.all });
    router.refresh();
  };
  const preview = useMutation({ mutationFn: () => previewRadarCost({ selection, recurrence }) });
  const confirm = useMutation({
    mutationFn: () => confirmRadarOn({ selection, recurrence }),
    onSuccess: done,
    onError: (error) => {
      const cost = refusedCost(error);
      if (!cost) return;
      setRefused(cost);
      // The page's cap (the cap field, the counts) is drawn again from the server.
      void done();
    },
  });
  const stop = useMutation({ mutationFn: () => turnRadarOffFor(selection), onSuccess: done });
  const reset = () => {
    setRefused(null);
    preview.reset();
    confirm.reset();
    stop.reset();
  };
  const choose = (m: PickerMode) => {
    setMode(m);
    setPicked(new Set());
    reset();
  };
  const toggle = (id: string) => {
    reset();
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const cost = refused ?? preview.data;

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        preview.mutate();
      }}
    >
      <VehiclePicker
        legend="Quais veículos"
        name="radar-modo"
        clients={clients}
        mode={mode}
        onMode={choose}
        picked={picked}
        onToggle={toggle}
        clientNote={(c) =>
          `${c.vehicles.length} ${c.vehicles.length === 1 ? "veículo" : "veículos"}, ${c.vehicles.filter((v) => v.watching).length} no Radar`
        }
        vehicleNote={(v) => (v.watching ? ` · ${WATCH_LABELS[v.watching]}` : "")}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-slate-900">Recorrência</legend>
        {(["weekly", "daily"] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input
              type="radio"
              name="radar-recorrencia"
              value={value}
              checked={recurrence === value}
              onChange={() => {
                setRecurrence(value);
                reset();
              }}
              className="size-5"
            />
            {RECURRENCE_LABELS[value]}
          </label>
        ))}
      </fieldset>

      <div aria-live="polite" className="flex flex-col gap-3">
        {cost ? (
          cost.withinCap ? (
            <Alert
              tone="info"
              title={`${n(cost.selectionPerMonth)} consultas por mês para ${cost.vehicles} ${cost.vehicles === 1 ? "veículo" : "veículos"}`}
            >
              Com os outros veículos já no Radar ({n(cost.othersPerMonth)}), a conta usará{" "}
              {n(cost.totalPerMonth)} de {n(cost.monthlyCap)} consultas por mês. Cada consulta ao
              Detran é cobrada pelo provedor.
            </Alert>
          ) : (
            <Alert
              tone="warning"
              title={refused ? "Nada foi ligado: acima do limite mensal" : "Acima do limite mensal"}
            >
              Essa escolha custaria {n(cost.totalPerMonth)} consultas por mês (
              {n(cost.selectionPerMonth)} destes veículos e {n(cost.othersPerMonth)} dos que já
              estão no Radar), acima do limite de {n(cost.monthlyCap)}. Escolha menos veículos, a
              recorrência semanal ou aumente o limite abaixo.
            </Alert>
          )
        ) : null}
        {confirm.isSuccess ? (
          <Alert tone="success" title="Radar ligado">
            {confirm.data.turnedOn === 0
              ? "Esses veículos já estavam no Radar com essa recorrência."
              : `${confirm.data.turnedOn} ${confirm.data.turnedOn === 1 ? "veículo passou" : "veículos passaram"} a ser verificados. A primeira verificação de cada um é marcada ao longo do período.`}
          </Alert>
        ) : null}
        {stop.isSuccess ? (
          <Alert tone="success" title="Radar desligado">
            {stop.data.turnedOff === 0
              ? "Nenhum desses veículos estava no Radar."
              : `${stop.data.turnedOff} ${stop.data.turnedOff === 1 ? "veículo deixou" : "veículos deixaram"} de ser verificados.`}
          </Alert>
        ) : null}
        {[preview, confirm, stop].map((m, i) =>
          // A refusal over the cap is told above, with its numbers.
          m.isError && !(m === confirm && refused) ? (
            <Alert key={i} tone="danger" live>
              {errorMessage(m.error)}
            </Alert>
          ) : null,
        )}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {cost?.withinCap && !confirm.isSuccess ? (
          <Button
            onClick={() => confirm.mutate()}
            pending={confirm.isPending}
            pendingLabel="Ligando o Radar…"
          >
            Confirmar e ligar o Radar
          </Button>
        ) : (
          <Button
            type="submit"
            disabled={empty}
            pending={preview.isPending}
            pendingLabel="Calculando o custo…"
          >
            Ver o custo e ligar
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={empty}
          onClick={() => stop.mutate()}
          pending={stop.isPending}
          pendingLabel="Desligando…"
        >
          Desligar o Radar destes veículos
        </Button>
      </div>
    </form>
  );
}
