"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { fetchJson } from "@/lib/browser/fetch-json";
import { decodeSpreadsheetBytes } from "@/lib/rules/spreadsheet-decode";
import type { ImportReportView } from "./import-report";
import { ImportReport } from "./import-report";
import { keepTyped, useApiForm } from "./use-api-form";

const FILE_HINT =
  "CSV com ; ou , (o “CSV UTF-8” do Excel ou o CSV comum). Até 2.000 linhas ou 1 MB.";
const PASTE_HINT = "Ou copie as linhas da planilha, com a linha de títulos, e cole aqui.";

/** A file or a paste; the file wins when both are given. The report lists every rejected row. */
export function ImportForm() {
  const { state, run } = useApiForm();
  const [report, setReport] = useState<ImportReportView | null>(null);
  const [empty, setEmpty] = useState(false);

  function submit(form: FormData) {
    const file = form.get("arquivo");
    const pasted = String(form.get("colar") ?? "");
    const hasFile = file instanceof File && file.size > 0;
    setEmpty(!hasFile && pasted.trim() === "");
    setReport(null);
    if (!hasFile && pasted.trim() === "") return;
    return run(async () => {
      const text = hasFile
        ? decodeSpreadsheetBytes(new Uint8Array(await file.arrayBuffer()))
        : pasted;
      setReport(
        await fetchJson<ImportReportView>("/api/workspace/clients/import", {
          method: "POST",
          body: { text },
        }),
      );
    });
  }

  const error = empty
    ? "Escolha um arquivo ou cole as linhas da planilha."
    : !report && !state.pending
      ? state.message
      : undefined;
  return (
    <div className="flex flex-col gap-5">
      <form
        onSubmit={keepTyped(submit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Importar planilha"
      >
        <Field id="arquivo" label="Arquivo da planilha" hint={FILE_HINT}>
          <input
            {...describedBy("arquivo", { hint: FILE_HINT })}
            name="arquivo"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="min-h-11 text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
          />
        </Field>
        <Field id="colar" label="Colar da planilha" hint={PASTE_HINT}>
          <textarea
            {...describedBy("colar", { hint: PASTE_HINT })}
            name="colar"
            rows={6}
            spellCheck={false}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
        </Field>
        {error ? (
          <Alert tone="danger" live title="A planilha não foi importada">
            {error}
          </Alert>
        ) : null}
        <div>
          <FormButton
            type="submit"
            pending={state.pending}
            pendingLabel="Importando… (até alguns segundos)"
          >
            Importar
          </FormButton>
        </div>
      </form>
      {report ? <ImportReport report={report} /> : null}
    </div>
  );
}
