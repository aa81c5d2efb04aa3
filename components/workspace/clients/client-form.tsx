"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { FormButton } from "@/components/ui/form-button";
import { fetchJson } from "@/lib/browser/fetch-json";
import { maskCpfCnpjInput, maskPhoneInput } from "@/lib/rules/cpf-cnpj";
import { keepTyped, useApiForm } from "./use-api-form";

type Values = { name: string; cpfCnpj: string; phone: string; email: string };
const EMPTY: Values = { name: "", cpfCnpj: "", phone: "", email: "" };

/** New client (POST) or edit (PATCH): the only screen that shows the whole CPF/CNPJ. */
export function ClientForm({ clientId, initial = EMPTY }: { clientId?: string; initial?: Values }) {
  const router = useRouter();
  const { state, run } = useApiForm();
  const id = (f: string) => `${clientId ? "edit" : "new"}-${f}`;

  function submit(form: FormData) {
    const body = Object.fromEntries(
      ["name", "cpfCnpj", "phone", "email"].map((k) => [k, String(form.get(k) ?? "")]),
    );
    return run(async () => {
      if (clientId) {
        await fetchJson(`/api/workspace/clients/${clientId}`, { method: "PATCH", body });
        router.refresh();
      } else {
        const { client } = await fetchJson<{ client: { id: string } }>("/api/workspace/clients", {
          method: "POST",
          body,
        });
        router.push(`/painel/clientes/${client.id}`);
      }
    });
  }

  const err = (f: string) => state.fields[f];
  return (
    <form
      onSubmit={keepTyped(submit)}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={clientId ? "Editar cliente" : "Novo cliente"}
    >
      <Field id={id("name")} label="Nome completo" error={err("name")} className="sm:col-span-2">
        <TextInput
          {...describedBy(id("name"), { error: err("name") })}
          name="name"
          autoComplete="off"
          defaultValue={initial.name}
          required
        />
      </Field>
      <Field id={id("cpfCnpj")} label="CPF ou CNPJ" error={err("cpfCnpj")}>
        <TextInput
          {...describedBy(id("cpfCnpj"), { error: err("cpfCnpj") })}
          name="cpfCnpj"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={initial.cpfCnpj ? maskCpfCnpjInput(initial.cpfCnpj) : ""}
          onChange={(e) => (e.currentTarget.value = maskCpfCnpjInput(e.currentTarget.value))}
          required
        />
      </Field>
      <Field id={id("phone")} label="Celular (opcional)" error={err("phone")}>
        <TextInput
          {...describedBy(id("phone"), { error: err("phone") })}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          defaultValue={initial.phone}
          onChange={(e) => (e.currentTarget.value = maskPhoneInput(e.currentTarget.value))}
        />
      </Field>
      <Field
        id={id("email")}
        label="E-mail (opcional)"
        error={err("email")}
        className="sm:col-span-2"
      >
        <TextInput
          {...describedBy(id("email"), { error: err("email") })}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          defaultValue={initial.email}
        />
      </Field>
      {state.message && Object.keys(state.fields).length === 0 ? (
        <Alert tone="danger" live className="sm:col-span-2">
          {state.message}
        </Alert>
      ) : null}
      <div className="sm:col-span-2">
        <FormButton type="submit" pending={state.pending} pendingLabel="Salvando…">
          {clientId ? "Salvar alterações" : "Cadastrar cliente"}
        </FormButton>
      </div>
    </form>
  );
}
