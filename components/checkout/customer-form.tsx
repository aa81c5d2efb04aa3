"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm, type UseFormRegisterReturn } from "@/components/forms/use-form";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { createCheckout } from "@/lib/browser/mutations";
import { maskCpfCnpjInput, maskPhoneInput } from "@/lib/rules/cpf-cnpj";
import type { CustomerInput, CustomerInputValues } from "@/lib/validation/customer-input";
import { useLazyZodResolver } from "@/components/forms/use-lazy-zod-resolver";
import { Alert } from "@/components/ui/alert";
import { FormButton } from "@/components/ui/form-button";
import { describedBy, Field, TextInput } from "@/components/ui/field";

type Name = keyof CustomerInputValues;
type Kind = "owner" | "share";

/** Applies a typing mask before the form sees the value. */
function masked(field: UseFormRegisterReturn, mask: (v: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      (event.target as HTMLInputElement).value = mask((event.target as HTMLInputElement).value);
      return field.onChange(event);
    },
  };
}

/** The payer's data the checkout needs; creates the checkout and opens its payment page. */
export function CustomerForm({ lookupId, debtIds }: { lookupId: string; debtIds: string[] }) {
  const router = useRouter();
  const validation = useLazyZodResolver(() =>
    import("@/lib/validation/customer-input").then((m) => m.customerInputSchema),
  );
  const form = useForm<CustomerInputValues, CustomerInput>({
    resolver: validation.resolver,
    defaultValues: { name: "", email: "", phone: "", cpfCnpj: "" },
  });
  const errors = form.formState.errors;
  const msg = (name: Name) => errors[name]?.message;
  // "owner" pays now; "share" is a dispatcher's link for the client (its own page, /links/{token}).
  const create = useMutation({
    mutationFn: ({ customer, kind }: { customer: CustomerInput; kind: Kind }) =>
      createCheckout({ lookupId, debtIds, customer, kind }),
    onSuccess: ({ token }, { kind }) =>
      router.push(kind === "share" ? `/links/${token}` : `/pagar/${token}`),
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.fields) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const key = name.replace(/^customer\./, "") as Name;
        if (key in form.getValues()) form.setError(key, { message });
      }
    },
  });

  const busy = create.isPending || create.isSuccess;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((customer) => create.mutate({ customer, kind: "owner" }))}
      {...validation.formProps}
      className="flex flex-col gap-4"
      aria-labelledby="customer-title"
    >
      <Field id="name" label="Nome completo" error={msg("name")}>
        <TextInput
          {...form.register("name")}
          {...describedBy("name", { error: msg("name") })}
          autoComplete="name"
        />
      </Field>
      <Field id="email" label="E-mail" error={msg("email")}>
        <TextInput
          {...form.register("email")}
          {...describedBy("email", { error: msg("email") })}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      </Field>
      <Field id="phone" label="Celular" error={msg("phone")}>
        <TextInput
          {...masked(form.register("phone"), maskPhoneInput)}
          {...describedBy("phone", { error: msg("phone") })}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={15}
        />
      </Field>
      <Field id="cpfCnpj" label="CPF ou CNPJ do pagador" error={msg("cpfCnpj")}>
        <TextInput
          {...masked(form.register("cpfCnpj"), maskCpfCnpjInput)}
          {...describedBy("cpfCnpj", { error: msg("cpfCnpj") })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={18}
        />
      </Field>
      {create.isError && !(create.error instanceof ApiError && create.error.fields) ? (
        <Alert live tone="danger" title="Não foi possível continuar">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <FormButton
          type="submit"
          disabled={busy}
          pending={busy && create.variables?.kind === "owner"}
          pendingLabel="Preparando o pagamento…"
          className="w-full sm:w-auto"
        >
          Ir para o pagamento
        </FormButton>
        <FormButton
          variant="secondary"
          disabled={busy}
          pending={busy && create.variables?.kind === "share"}
          pendingLabel="Gerando o link…"
          onClick={form.handleSubmit((customer) => create.mutate({ customer, kind: "share" }))}
          className="w-full sm:w-auto"
        >
          Gerar link de pagamento
        </FormButton>
      </div>
      <p className="text-sm text-slate-700">
        Despachante? Gere um link para o cliente pagar por PIX ou cartão no celular dele.
      </p>
    </form>
  );
}
