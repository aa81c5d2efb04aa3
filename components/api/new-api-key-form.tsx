"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { keepTyped, useApiForm } from "@/components/workspace/clients/use-api-form";
import { fetchJson } from "@/lib/browser/fetch-json";

const SCOPES = [
  { value: "read", label: "Somente leitura", hint: "Consulta clientes, lotes e links." },
  {
    value: "write",
    label: "Leitura e escrita",
    hint: "Também cadastra, inicia lotes e gera links.",
  },
] as const;

/** Makes a key (POST /api/workspace/api-keys) and shows it once, with a way to copy it. */
export function NewApiKeyForm() {
  const router = useRouter();
  const { state, run } = useApiForm();
  const [made, setMade] = useState<{ key: string; name: string } | null>(null);

  function submit(form: FormData) {
    const body = { name: String(form.get("name") ?? ""), scope: String(form.get("scope") ?? "") };
    return run(async () => {
      const answer = await fetchJson<{ key: string; apiKey: { name: string } }>(
        "/api/workspace/api-keys",
        { method: "POST", body },
      );
      setMade({ key: answer.key, name: answer.apiKey.name });
      router.refresh();
    });
  }

  if (made)
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="success">
          Chave “{made.name}” criada. Copie agora: por segurança, ela não será mostrada de novo.
        </Alert>
        <label htmlFor="new-api-key" className="text-sm font-semibold text-slate-900">
          Sua nova chave
        </label>
        <input
          id="new-api-key"
          readOnly
          value={made.key}
          className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={made.key} inputId="new-api-key" label="Copiar chave" />
        <button
          type="button"
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
          onClick={() => setMade(null)}
        >
          Já copiei, criar outra chave
        </button>
      </div>
    );

  const err = (f: string) => state.fields[f];
  return (
    <form
      onSubmit={keepTyped(submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Nova chave de API"
    >
      <Field id="api-key-name" label="Nome da chave" error={err("name")}>
        <TextInput
          {...describedBy("api-key-name", { error: err("name") })}
          name="name"
          maxLength={60}
          placeholder="Sistema do escritório"
          required
        />
      </Field>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={err("scope") ? "api-key-scope-error" : undefined}
      >
        <legend className="text-sm font-semibold text-slate-900">Acesso</legend>
        {SCOPES.map((s, i) => (
          <label key={s.value} className="flex min-h-11 items-start gap-2 text-sm">
            <input
              type="radio"
              name="scope"
              value={s.value}
              defaultChecked={i === 0}
              className="mt-1"
            />
            <span>
              <span className="font-semibold">{s.label}</span>
              <span className="block text-slate-600">{s.hint}</span>
            </span>
          </label>
        ))}
        {err("scope") ? (
          <p id="api-key-scope-error" className="text-sm font-semibold text-red-700">
            {err("scope")}
          </p>
        ) : null}
      </fieldset>
      {state.message && Object.keys(state.fields).length === 0 ? (
        <Alert tone="danger" live>
          {state.message}
        </Alert>
      ) : null}
      <div>
        <FormButton type="submit" pending={state.pending} pendingLabel="Criando…">
          Criar chave
        </FormButton>
      </div>
    </form>
  );
}
