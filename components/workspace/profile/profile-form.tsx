"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { keepTyped, useApiForm } from "@/components/workspace/clients/use-api-form";
import { fetchJson } from "@/lib/browser/fetch-json";
import { maskCpfCnpjInput } from "@/lib/rules/cpf-cnpj";

type Values = { name: string; officeName: string; cnpj: string };

const CNPJ_HINT = "Opcional. Aparece para o cliente só como prova de que o escritório existe.";

/** The despachante's name and office (PATCH /api/workspace/profile), then on to where they were going. */
export function ProfileForm({
  initial,
  back,
  first,
}: {
  initial: Values;
  back: string;
  first: boolean;
}) {
  const router = useRouter();
  const { state, run } = useApiForm();

  function submit(form: FormData) {
    const body = Object.fromEntries(
      ["name", "officeName", "cnpj"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    return run(async () => {
      await fetchJson("/api/workspace/profile", { method: "PATCH", body });
      router.push(back);
      router.refresh();
    });
  }

  const err = (f: string) => state.fields[f];
  return (
    <form
      onSubmit={keepTyped(submit)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Seus dados para os clientes"
    >
      <Field id="profile-name" label="Seu nome" error={err("name")}>
        <TextInput
          {...describedBy("profile-name", { error: err("name") })}
          name="name"
          autoComplete="name"
          defaultValue={initial.name}
          required
        />
      </Field>
      <Field id="profile-office" label="Nome do escritório" error={err("officeName")}>
        <TextInput
          {...describedBy("profile-office", { error: err("officeName") })}
          name="officeName"
          autoComplete="organization"
          defaultValue={initial.officeName}
          required
        />
      </Field>
      <Field
        id="profile-cnpj"
        label="CNPJ do escritório (opcional)"
        error={err("cnpj")}
        hint={CNPJ_HINT}
      >
        <TextInput
          {...describedBy("profile-cnpj", { error: err("cnpj"), hint: CNPJ_HINT })}
          name="cnpj"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={initial.cnpj ? maskCpfCnpjInput(initial.cnpj) : ""}
          onChange={(e) => (e.currentTarget.value = maskCpfCnpjInput(e.currentTarget.value))}
        />
      </Field>
      {state.message && Object.keys(state.fields).length === 0 ? (
        <Alert tone="danger" live>
          {state.message}
        </Alert>
      ) : null}
      <div>
        <FormButton type="submit" pending={state.pending} pendingLabel="Salvando…">
          {first ? "Salvar e continuar" : "Salvar alterações"}
        </FormButton>
      </div>
    </form>
  );
}
