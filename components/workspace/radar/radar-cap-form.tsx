"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/browser/fetch-json";
import { radarKeys, saveMonthlyCap } from "@/lib/browser/radar-queries";
import { MAX_MONTHLY_CAP } from "@/lib/validation/radar-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, TextInput, describedBy } from "@/components/ui/field";

/** The account's monthly cap of Radar lookups: a lower one stops nothing, it refuses more. */
export function RadarCapForm({ monthlyCap }: { monthlyCap: number }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(monthlyCap));
  // The cap the page was last drawn with: when the server's changes (a refused confirmation draws
  // the page again, another tab saved one), a field the person has not edited follows it.
  const [drawn, setDrawn] = useState(monthlyCap);
  if (drawn !== monthlyCap) {
    setDrawn(monthlyCap);
    if (value.trim() === String(drawn)) setValue(String(monthlyCap));
  }
  const parsed = /^\d{1,8}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  const error =
    Number.isNaN(parsed) || parsed > MAX_MONTHLY_CAP
      ? "Informe um número inteiro de consultas, como 2000."
      : undefined;
  const save = useMutation({
    mutationFn: () => saveMonthlyCap(parsed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radarKeys.all }),
  });
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) save.mutate();
      }}
    >
      <Field
        id="radar-cap"
        label="Limite de consultas do Radar por mês"
        error={value !== String(monthlyCap) ? error : undefined}
        className="sm:w-72"
      >
        <TextInput
          {...describedBy("radar-cap", { error: value !== String(monthlyCap) ? error : undefined })}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        disabled={Boolean(error)}
        pending={save.isPending}
        pendingLabel="Salvando…"
      >
        Salvar o limite
      </Button>
      <div aria-live="polite">
        {save.isSuccess ? (
          <p className="text-sm font-semibold text-emerald-800">
            Limite salvo: {save.data.monthlyCap.toLocaleString("pt-BR")} por mês.
          </p>
        ) : null}
        {save.isError ? (
          <Alert tone="danger" live>
            {errorMessage(save.error)}
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
