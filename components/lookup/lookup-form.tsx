"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "@/components/forms/use-form";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { createLookup } from "@/lib/browser/mutations";
import { maskCpfCnpjInput } from "@/lib/rules/cpf-cnpj";
import type { LookupInput, LookupInputValues } from "@/lib/validation/lookup-input";
import { useLazyZodResolver } from "@/components/forms/use-lazy-zod-resolver";
import { Alert } from "@/components/ui/alert";
import { FormButton } from "@/components/ui/form-button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, SelectInput, TextInput } from "@/components/ui/field";
import { UfOptions } from "@/components/vehicle/uf-options";
import { SpMaintenanceNotice } from "./sp-maintenance-notice";

const HINTS = {
  renavam: "11 números, no documento do veículo (CRLV).",
  cpfCnpj: "De quem está no documento do veículo.",
};
type FieldName = keyof LookupInputValues;

/** UF, plate, RENAVAM and owner document, checked with the server's own schema before sending. */
export function LookupForm({ defaults }: { defaults: { plate: string; uf: string } }) {
  const router = useRouter();
  const validation = useLazyZodResolver(() =>
    import("@/lib/validation/lookup-input").then((m) => m.lookupInputSchema),
  );
  const form = useForm<LookupInputValues, LookupInput>({
    resolver: validation.resolver,
    defaultValues: { uf: defaults.uf, plate: defaults.plate, renavam: "", cpfCnpj: "" },
  });
  const errors = form.formState.errors;
  const uf = useWatch({ control: form.control, name: "uf" });
  const start = useMutation({
    mutationFn: createLookup,
    // Keep the button pending through the navigation, so it cannot be pressed twice.
    onSuccess: ({ lookupId }) => router.push(`/consulta/${lookupId}`),
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields))
          form.setError(name as FieldName, { message });
      }
    },
  });
  const msg = (name: FieldName) => errors[name]?.message;
  const cpfField = form.register("cpfCnpj");

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => start.mutate(values))}
        {...validation.formProps}
        className="flex flex-col gap-4"
        aria-label="Consultar débitos"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="uf" label="UF" error={msg("uf")}>
            <SelectInput
              {...form.register("uf")}
              defaultValue={defaults.uf}
              {...describedBy("uf", { error: msg("uf") })}
            >
              <option value="">Escolha o estado</option>
              <UfOptions />
            </SelectInput>
          </Field>
          <Field id="plate" label="Placa" error={msg("plate")}>
            <TextInput
              {...form.register("plate")}
              defaultValue={defaults.plate}
              {...describedBy("plate", { error: msg("plate") })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
              className="uppercase tracking-wider"
            />
          </Field>
        </div>
        <Field id="renavam" label="RENAVAM" error={msg("renavam")} hint={HINTS.renavam}>
          <TextInput
            {...form.register("renavam")}
            {...describedBy("renavam", { error: msg("renavam"), hint: HINTS.renavam })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
          />
        </Field>
        <Field
          id="cpfCnpj"
          label="CPF ou CNPJ do proprietário"
          error={msg("cpfCnpj")}
          hint={HINTS.cpfCnpj}
        >
          <TextInput
            {...cpfField}
            onChange={(event) => {
              event.target.value = maskCpfCnpjInput(event.target.value);
              void cpfField.onChange(event);
            }}
            {...describedBy("cpfCnpj", { error: msg("cpfCnpj"), hint: HINTS.cpfCnpj })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
          />
        </Field>
        <SpMaintenanceNotice uf={uf ?? ""} />
        {start.isError && !(start.error instanceof ApiError && start.error.fields) ? (
          <Alert live tone="danger" title="Não foi possível iniciar a consulta">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <FormButton
          type="submit"
          pending={start.isPending || start.isSuccess}
          pendingLabel="Iniciando consulta…"
          className="w-full sm:w-auto sm:self-start"
        >
          Consultar débitos
        </FormButton>
      </form>
    </Card>
  );
}
