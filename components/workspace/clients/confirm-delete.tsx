"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/lib/browser/fetch-json";
import { useApiForm } from "./use-api-form";

type Props = {
  path: string;
  label: string;
  confirmText: string;
  after?: string;
  compact?: boolean;
};

/** A DELETE behind a second, explicit click that says what goes with it; then back or refresh. */
export function ConfirmDelete({ path, label, confirmText, after, compact = false }: Props) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { state, run } = useApiForm();
  const remove = () =>
    run(async () => {
      await fetchJson(path, { method: "DELETE" });
      if (after) router.push(after);
      else router.refresh();
    });
  if (!asking) {
    return (
      <Button
        variant={compact ? "ghost" : "danger"}
        className={compact ? "px-2" : undefined}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-800">{confirmText}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" pending={state.pending} pendingLabel="Excluindo…" onClick={remove}>
          Confirmar exclusão
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)} disabled={state.pending}>
          Cancelar
        </Button>
      </div>
      {state.message ? (
        <Alert tone="danger" live>
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}
