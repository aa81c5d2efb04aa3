"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { useForm, type UseFormRegisterReturn } from "@/components/forms/use-form";
import { ApiError, errorMessage } from "@/lib/browser/fetch-json";
import { createPayment, tokenizeCard } from "@/lib/browser/mutations";
import type { PaymentView } from "@/lib/browser/types";
import { formatCardNumber, formatExpiryInput } from "@/lib/rules/card";
import type { CardInput, CardInputValues } from "@/lib/validation/card-input";
import { useLazyZodResolver } from "@/components/forms/use-lazy-zod-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { CardBrandBadge, CvvField, InstallmentsField, PayCardButton } from "./card-form-fields";
import { useRefreshOnClosed } from "./use-checkout-closed";

type Name = "number" | "name" | "expiry" | "cvv" | "installments";

function masked(field: UseFormRegisterReturn, mask: (v: string) => string): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = mask(input.value);
      return field.onChange(event);
    },
  };
}

type Props = {
  token: string;
  amountCents: number;
  onRefused: (payment: PaymentView) => void;
  refused: PaymentView | null;
  onUsePix: () => void;
  /** What to try next after a refusal (server-rendered). */
  refusedHelp?: React.ReactNode;
};

/** Card data -> our server tokenizes -> payment. One attemptId per attempt: a double submit pays once. */
export function CardPaymentForm({
  token,
  amountCents,
  onRefused,
  refused,
  onUsePix,
  refusedHelp,
}: Props) {
  const router = useRouter();
  // The schema (and its "now" for the expiry check) is built once, when its chunk first loads.
  const validation = useLazyZodResolver(() =>
    import("@/lib/validation/card-input").then((m) => m.cardInputSchema()),
  );
  const form = useForm<CardInputValues, CardInput>({
    resolver: validation.resolver,
    defaultValues: { number: "", name: "", expiry: "", cvv: "", installments: "1" },
  });
  const errors = form.formState.errors;
  const msg = (name: Name) => errors[name]?.message;
  const attemptId = useRef<string | null>(null);
  const refreshOnClosed = useRefreshOnClosed(token);

  const pay = useMutation({
    mutationFn: async (card: CardInput) => {
      attemptId.current ??= crypto.randomUUID();
      const tokenized = await tokenizeCard(token, {
        number: card.number,
        name: card.name,
        expiry: card.expiry,
        cvv: card.cvv,
      });
      return createPayment(token, {
        attemptId: attemptId.current,
        method: "credit_card",
        cardToken: tokenized.cardToken,
        installments: card.installments,
      });
    },
    onSuccess: (payment) => {
      if (payment.status === "refused") {
        // A refusal ends this attempt: the next card is a new attempt with a new id.
        attemptId.current = null;
        form.resetField("number");
        form.resetField("cvv");
        onRefused(payment);
        return;
      }
      // paid, in_analysis, processing, pending (timed out): the status page keeps watching.
      router.push(`/pagamento/${payment.ref}`);
    },
    onError: (error) => {
      refreshOnClosed(error);
      if (!(error instanceof ApiError) || !error.fields) return;
      for (const [key, message] of Object.entries(error.fields)) {
        // The form's fields are the request keys of the card-token and payment calls.
        if (["number", "name", "expiry", "cvv", "installments"].includes(key))
          form.setError(key as Name, { message });
      }
    },
  });
  const busy = pay.isPending || (pay.isSuccess && pay.data.status !== "refused");

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((card) => !busy && pay.mutate(card))}
      {...validation.formProps}
      className="flex flex-col gap-4"
      aria-label="Pagar com cartão de crédito"
    >
      {refused ? (
        <Alert live tone="danger" title="Pagamento recusado">
          <p>{refused.failureMessage ?? "O cartão foi recusado. Nenhum valor foi cobrado."}</p>
          {refusedHelp}
          <Button variant="secondary" onClick={onUsePix} className="mt-3">
            Pagar com PIX
          </Button>
        </Alert>
      ) : null}
      <Field id="number" label="Número do cartão" error={msg("number")}>
        <div className="relative">
          <TextInput
            {...masked(form.register("number"), formatCardNumber)}
            {...describedBy("number", { error: msg("number") })}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            className="pr-36"
          />
          <CardBrandBadge control={form.control} />
        </div>
      </Field>
      <Field id="name" label="Nome impresso no cartão" error={msg("name")}>
        <TextInput
          {...form.register("name")}
          {...describedBy("name", { error: msg("name") })}
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={26}
          className="uppercase"
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="expiry" label="Validade" error={msg("expiry")} hint="MM/AA">
          <TextInput
            {...masked(form.register("expiry"), formatExpiryInput)}
            {...describedBy("expiry", { error: msg("expiry"), hint: "MM/AA" })}
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={7}
          />
        </Field>
        <CvvField control={form.control} field={form.register("cvv")} error={msg("cvv")} />
      </div>
      <InstallmentsField
        control={form.control}
        field={form.register("installments")}
        error={msg("installments")}
        amountCents={amountCents}
        onUsePix={onUsePix}
      />
      {pay.isError && !(pay.error instanceof ApiError && pay.error.fields) ? (
        <Alert live tone="danger" title="Não foi possível concluir o pagamento">
          {errorMessage(pay.error)}
        </Alert>
      ) : null}
      <PayCardButton amountCents={amountCents} busy={busy} />
      <p className="text-center text-xs text-slate-600">
        Os dados do cartão vão direto para o processador de pagamentos e não ficam guardados aqui.
      </p>
    </form>
  );
}
