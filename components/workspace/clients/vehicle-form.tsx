"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, SelectInput, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { UfOptions } from "@/components/vehicle/uf-options";
import { fetchJson } from "@/lib/client/fetch-json";
import { useApiForm } from "./use-api-form";

/** Adds a vehicle to the client; a plate of another client is refused with that client's name. */
export function VehicleForm({ clientId }: { clientId: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const { state, run } = useApiForm();

  function submit(form: FormData) {
    const body = Object.fromEntries(["plate", "uf", "renavam"].map((k) => [k, String(form.get(k) ?? "")]));
    return run(async () => {
      await fetchJson(`/api/workspace/clients/${clientId}/vehicles`, { method: "POST", body });
      formRef.current?.reset();
      router.refresh();
    });
  }
  const err = (f: string) => state.fields[f];
  return (
    <form ref={formRef} action={submit} noValidate className="grid gap-4 sm:grid-cols-3" aria-label="Novo veículo">
      <Field id="v-plate" label="Placa" error={err("plate")}>
        <TextInput {...describedBy("v-plate", { error: err("plate") })} name="plate" autoCapitalize="characters" autoComplete="off" maxLength={8} required />
      </Field>
      <Field id="v-uf" label="UF" error={err("uf")}>
        <SelectInput {...describedBy("v-uf", { error: err("uf") })} name="uf" defaultValue="" required>
          <option value="" disabled>
            Escolha
          </option>
          <UfOptions />
        </SelectInput>
      </Field>
      <Field id="v-renavam" label="RENAVAM" error={err("renavam")}>
        <TextInput {...describedBy("v-renavam", { error: err("renavam") })} name="renavam" inputMode="numeric" autoComplete="off" maxLength={11} required />
      </Field>
      {state.message && Object.keys(state.fields).length === 0 ? (
        <Alert tone="danger" live className="sm:col-span-3">
          {state.message}
        </Alert>
      ) : null}
      <div className="sm:col-span-3">
        <FormButton type="submit" variant="secondary" pending={state.pending} pendingLabel="Adicionando…">
          Adicionar veículo
        </FormButton>
      </div>
    </form>
  );
}
