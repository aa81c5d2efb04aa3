"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { VehicleView } from "@/lib/workspace/clients/client-view";
import { ConfirmDelete } from "./confirm-delete";
import { VehicleForm } from "./vehicle-form";

/** One vehicle of the client: its data, or its edit form; and its delete. */
export function VehicleItem({ clientId, vehicle: v }: { clientId: string; vehicle: VehicleView }) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return <VehicleForm clientId={clientId} vehicle={v} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold tabular-nums text-slate-900">
          {v.plateLabel} <span className="font-normal text-slate-700">· {v.uf}</span>
        </p>
        <p className="text-sm tabular-nums text-slate-700">RENAVAM {v.renavam}</p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <Button variant="ghost" className="px-2" onClick={() => setEditing(true)}>
          Editar veículo {v.plateLabel}
        </Button>
        <ConfirmDelete
          path={`/api/workspace/vehicles/${v.id}`}
          label={`Excluir veículo ${v.plateLabel}`}
          confirmText={`Excluir ${v.plateLabel} e as consultas feitas para ele?`}
          compact
        />
      </div>
    </div>
  );
}
