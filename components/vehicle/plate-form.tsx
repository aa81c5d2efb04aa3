"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "@/components/forms/use-form";
import { ApiError } from "@/lib/browser/fetch-json";
import { vehicleQuery } from "@/lib/browser/queries";
import type { EnrichmentInput, EnrichmentInputValues } from "@/lib/validation/enrichment-input";
import { useLazyZodResolver } from "@/components/forms/use-lazy-zod-resolver";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormButton } from "@/components/ui/form-button";
import { describedBy, Field, SelectInput, TextInput } from "@/components/ui/field";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { UfOptions } from "./uf-options";
import { VehicleCard } from "./vehicle-card";

const PLATE_HINT = "Ex.: ABC1234 ou ABC1D23";

function lookupHref(plate: string, uf?: string) {
  const params = new URLSearchParams({ placa: plate });
  if (uf) params.set("uf", uf);
  return `/consulta?${params}`;
}

/** Plate (+ optional UF) -> enrichment -> the vehicle, or a way to go on by typing the data. */
export function PlateForm() {
  const [search, setSearch] = useState<EnrichmentInput | null>(null);
  const validation = useLazyZodResolver(() =>
    import("@/lib/validation/enrichment-input").then((m) => m.enrichmentInputSchema),
  );
  const form = useForm<EnrichmentInputValues, EnrichmentInput>({
    resolver: validation.resolver,
    defaultValues: { plate: "", uf: "" },
  });
  const vehicle = useQuery({
    ...vehicleQuery(search?.plate ?? "", search?.uf),
    enabled: search !== null,
  });
  const errors = form.formState.errors;

  return (
    <div className="flex flex-col gap-5">
      <Card>
        <form
          noValidate
          onSubmit={form.handleSubmit(setSearch)}
          {...validation.formProps}
          className="flex flex-col gap-4"
          aria-label="Buscar veículo pela placa"
        >
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Field id="plate" label="Placa" error={errors.plate?.message} hint={PLATE_HINT}>
              <TextInput
                {...form.register("plate")}
                {...describedBy("plate", { error: errors.plate?.message, hint: PLATE_HINT })}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={8}
                className="uppercase tracking-wider"
              />
            </Field>
            <Field id="uf" label="UF (opcional)" error={errors.uf?.message as string | undefined}>
              <SelectInput
                {...form.register("uf")}
                {...describedBy("uf", { error: errors.uf?.message as string | undefined })}
              >
                <option value="">Não sei</option>
                <UfOptions />
              </SelectInput>
            </Field>
          </div>
          <FormButton
            type="submit"
            pending={vehicle.isFetching}
            pendingLabel="Buscando veículo…"
            className="w-full sm:w-auto sm:self-start"
          >
            Buscar veículo
          </FormButton>
        </form>
      </Card>

      {vehicle.isFetching ? (
        <WaitingBlock
          title="Buscando os dados do veículo"
          detail="Consultando o cadastro nacional de veículos, costuma levar até 5 segundos."
        />
      ) : null}
      {search && vehicle.data && !vehicle.isFetching ? (
        <>
          <VehicleCard vehicle={vehicle.data.vehicle} />
          <ButtonLink
            href={lookupHref(vehicle.data.vehicle.plate, vehicle.data.vehicle.uf)}
            className="w-full sm:w-auto sm:self-start"
          >
            É este veículo: consultar débitos
          </ButtonLink>
        </>
      ) : null}
      {search && vehicle.error && !vehicle.isFetching ? (
        <EnrichmentProblem error={vehicle.error} plate={search.plate} uf={search.uf} />
      ) : null}
    </div>
  );
}

/** 404 and 503 are not dead ends: the debt lookup only needs what the person can type. */
function EnrichmentProblem({ error, plate, uf }: { error: Error; plate: string; uf?: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      live
      tone="warning"
      title={
        notFound
          ? "Não encontramos os dados deste veículo pela placa"
          : "O cadastro de veículos não respondeu agora"
      }
    >
      <p>
        {notFound
          ? "Confira a placa. Se ela estiver certa, você ainda pode consultar os débitos informando a UF, o RENAVAM e o CPF ou CNPJ do proprietário."
          : "Isso costuma ser passageiro. Você pode tentar de novo daqui a pouco ou seguir informando a UF, o RENAVAM e o CPF ou CNPJ do proprietário."}
      </p>
      <ButtonLink href={lookupHref(plate, uf)} variant="secondary" className="mt-3">
        Continuar informando os dados
      </ButtonLink>
    </Alert>
  );
}
