"use client";

import { formatPlate } from "@/lib/rules/plate";

export type PickerMode = "all" | "clients" | "vehicles";
export type PickerClient = {
  id: string;
  name: string;
  vehicles: { id: string; plate: string; uf: string }[];
};

const vehicleCount = (n: number) => `${n} ${n === 1 ? "veículo" : "veículos"}`;

type Props<C extends PickerClient> = {
  legend: string;
  /** The radio group's name (one per form on a page). */
  name: string;
  clients: C[];
  mode: PickerMode;
  onMode: (mode: PickerMode) => void;
  picked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** What follows a client's name (default: its vehicle count). */
  clientNote?: (client: C) => string;
  /** What follows a vehicle's UF and client (e.g. its Radar). */
  vehicleNote?: (vehicle: C["vehicles"][number]) => string;
};

/** Every vehicle, some clients or some vehicles of the account: the batch lookup's and Radar's choice. */
export function VehiclePicker<C extends PickerClient>({
  legend,
  name,
  clients,
  mode,
  onMode,
  picked,
  onToggle,
  clientNote,
  vehicleNote,
}: Props<C>) {
  const total = clients.reduce((n, c) => n + c.vehicles.length, 0);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-slate-900">{legend}</legend>
        {(
          [
            ["all", `Todos os veículos (${total})`],
            ["clients", "Escolher clientes"],
            ["vehicles", "Escolher veículos"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
              className="size-5"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {mode !== "all" ? (
        <fieldset className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {mode === "clients" ? "Clientes" : "Veículos"}
          </legend>
          <ul className="flex flex-col">
            {clients.map((c) =>
              mode === "clients" ? (
                <li key={c.id}>
                  <label className="flex min-h-11 items-center gap-3">
                    <input
                      type="checkbox"
                      checked={picked.has(c.id)}
                      onChange={() => onToggle(c.id)}
                      className="size-5"
                    />
                    <span>
                      {c.name}{" "}
                      <span className="text-sm text-slate-700">
                        ({clientNote ? clientNote(c) : vehicleCount(c.vehicles.length)})
                      </span>
                    </span>
                  </label>
                </li>
              ) : (
                c.vehicles.map((v) => (
                  <li key={v.id}>
                    <label className="flex min-h-11 items-center gap-3">
                      <input
                        type="checkbox"
                        checked={picked.has(v.id)}
                        onChange={() => onToggle(v.id)}
                        className="size-5"
                      />
                      <span>
                        {formatPlate(v.plate)}{" "}
                        <span className="text-sm text-slate-700">
                          {v.uf} · {c.name}
                          {vehicleNote ? vehicleNote(v) : ""}
                        </span>
                      </span>
                    </label>
                  </li>
                ))
              ),
            )}
          </ul>
        </fieldset>
      ) : null}
    </>
  );
}
