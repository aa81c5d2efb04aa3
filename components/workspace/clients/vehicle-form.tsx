"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, SelectInput, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { UfOptions } from "@/components/vehicle/uf-options";
import { fetchJson } from "@/lib/browser/fetch-json";
import { useApiForm } from "./use-api-form";

type Existing = { id: string; plate: string; uf: string; renavam: string };

/**
 * Adds a vehicle to the client (POST), or edits one (PATCH) when `vehicle` is given; a plate of
 * another client is refused with that client's name.
 */
export function VehicleForm({
  clientId,
  vehicle,
  onDone,
}: {
  clientId: string;
  vehicle?: Existing;
  onDone?: () => void;
}) {
  const router = useRouter();
  const { state, run } = useApiForm();

  function submit(formEl: HTMLFormElement) {
    const form = new FormData(formEl);
    const body = Object.fromEntries(
      ["plate", "uf", "renavam"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    return run(async () => {
      if (vehicle)
        await fetchJson(`/api/workspace/vehicles/${vehicle.id}`, { method: "PATCH", body });
      else await fetchJson(`/api/workspace/clients/${clientId}/vehicles`, { method: "POST", body });
      formEl.reset();
      onDone?.();
      router.refresh();
    });
  }
  const err = (f: string) => state.fields[f];
  const id = (f: string) => (vehicle ? `v-${vehicle.id}-${f}` : `v-${f}`);
  return (
    <form
      onSubmit={(e) => {
        // Not <form action>: React would reset the fields and lose what was typed on an error.
        e.preventDefault();
        void submit(e.currentTarget);
      }}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      aria-label={vehicle ? `Editar veículo ${vehicle.plate}` : "Novo veículo"}
    >
      <Field id={id("plate")} label="Placa" error={err("plate")}>
        <TextInput
          {...describedBy(id("plate"), { error: err("plate") })}
          name="plate"
          defaultValue={vehicle?.plate}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={8}
          required
        />
      </Field>
      <Field id={id("uf")} label="UF" error={err("uf")}>
        <SelectInput
          {...describedBy(id("uf"), { error: err("uf") })}
          name="uf"
          defaultValue={vehicle?.uf ?? ""}
          required
        >
          <option value="" disabled>
            Escolha
          </option>
          <UfOptions />
        </SelectInput>
      </Field>
      <Field id={id("renavam")} label="RENAVAM" error={err("renavam")}>
        <TextInput
          {...describedBy(id("renavam"), { error: err("renavam") })}
          name="renavam"
          defaultValue={vehicle?.renavam}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          required
        />
      </Field>
      {state.message && Object.keys(state.fields).length === 0 ? (
        <Alert tone="danger" live className="sm:col-span-3">
          {state.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <FormButton
          type="submit"
          variant="secondary"
          pending={state.pending}
          pendingLabel={vehicle ? "Salvando…" : "Adicionando…"}
        >
          {vehicle ? "Salvar veículo" : "Adicionar veículo"}
        </FormButton>
        {vehicle && onDone ? (
          <Button variant="ghost" onClick={onDone} disabled={state.pending}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}
