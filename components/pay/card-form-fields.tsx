"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useWatch, type Control, type UseFormRegisterReturn } from "@/components/forms/use-form";
import { installmentsQuery } from "@/lib/browser/queries";
import { useHydrated } from "@/components/hooks/use-hydrated";
import { CARD_BRAND_LABELS, startsLikeAmex } from "@/lib/rules/card";
import type { CardIdentity } from "@/lib/rules/card-brand";
import { formatBRL } from "@/lib/rules/money";
import type { CardInputValues } from "@/lib/validation/card-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormButton } from "@/components/ui/form-button";
import { describedBy, Field, SelectInput, TextInput } from "@/components/ui/field";

// The card form's parts that follow a typed value or the installments answer. Each watches what it
// shows, so a keystroke in the number or the installments' arrival re-renders a few elements, not
// the whole form (each whole-form render is a blocking task on a slow phone).

type CardControl = Control<CardInputValues>;

function useNumber(control: CardControl): string {
  return String(useWatch({ control, name: "number" }) ?? "");
}

type Identify = (number: string) => CardIdentity;

/**
 * The brand as the number is typed. card-validator's tables are fetched with the first digit, not
 * with the page: they stay out of the pay page's first-load JavaScript.
 */
function useCardIdentity(number: string): CardIdentity | null {
  const [identify, setIdentify] = useState<Identify | null>(null);
  const wanted = number.length > 0;
  useEffect(() => {
    if (!wanted || identify) return;
    let live = true;
    import("@/lib/rules/card-brand").then(
      (m) => live && setIdentify(() => m.identifyCard),
      () => {}, // offline: no badge; the server still checks the brand
    );
    return () => {
      live = false;
    };
  }, [wanted, identify]);
  return identify && wanted ? identify(number) : null;
}

/** The brand read from the number as it is typed, inside the number field; a brand we do not take is named. */
export function CardBrandBadge({ control }: { control: CardControl }) {
  const identity = useCardIdentity(useNumber(control));
  return (
    <span
      aria-live="polite"
      className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-semibold text-slate-700"
    >
      {identity?.status === "accepted" ? (
        <span>Bandeira: {CARD_BRAND_LABELS[identity.brand]}</span>
      ) : null}
      {identity?.status === "not_accepted" ? (
        <span className="text-red-700">{identity.name}: não aceito</span>
      ) : null}
    </span>
  );
}

/** CVV, with its hint following the brand (American Express has 4 digits). */
export function CvvField({
  control,
  field,
  error,
}: {
  control: CardControl;
  field: UseFormRegisterReturn;
  error?: string;
}) {
  const amex = startsLikeAmex(useNumber(control));
  return (
    <Field id="cvv" label="CVV" error={error} hint={amex ? "4 dígitos" : "3 dígitos"}>
      <TextInput
        {...field}
        {...describedBy("cvv", { error, hint: "3 ou 4 dígitos" })}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
      />
    </Field>
  );
}

/**
 * The installments as the form may draw them: none until hydrated, as in the server's HTML. The
 * form hydrates after the rest of the page (HydrateApart), and by then a share link's cost table
 * may already hold the same answer; drawn during hydration, it would not match the HTML (React
 * error #418, seen in e2e).
 */
function useInstallmentOptions(amountCents: number) {
  const hydrated = useHydrated();
  const costs = useQuery(installmentsQuery(amountCents));
  return hydrated
    ? { options: costs.data?.options, failed: costs.isError }
    : { options: undefined, failed: false };
}

/** The installments choice, the card's floor, and the total with interest of the chosen count. */
export function InstallmentsField({
  control,
  field,
  error,
  amountCents,
  onUsePix,
}: {
  control: CardControl;
  field: UseFormRegisterReturn;
  error?: string;
  amountCents: number;
  onUsePix: () => void;
}) {
  const { options, failed } = useInstallmentOptions(amountCents);
  const installments = useWatch({ control, name: "installments" });
  // The total with interest of the chosen count, shown before the person commits.
  const chosen = options?.find((o) => o.number === Number(installments ?? 1));
  return (
    <>
      <Field id="installments" label="Parcelas" error={error}>
        <SelectInput {...field} {...describedBy("installments", { error })} disabled={!options}>
          {options ? (
            options.map((o) => (
              <option key={o.number} value={String(o.number)}>
                {o.number}x de {formatBRL(o.installmentCents)}
              </option>
            ))
          ) : (
            <option value="1">{failed ? "Simulação indisponível" : "Calculando parcelas…"}</option>
          )}
        </SelectInput>
      </Field>
      {options && options.length === 0 ? (
        <Alert tone="warning" title="Cartão indisponível para este valor">
          O valor está abaixo do mínimo aceito no cartão. Pague com PIX.
          <Button variant="secondary" onClick={onUsePix} className="mt-3 flex">
            Pagar com PIX
          </Button>
        </Alert>
      ) : null}
      {chosen ? (
        <p className="-mt-2 text-sm text-slate-700">
          Total com juros:{" "}
          <strong className="text-slate-900">{formatBRL(chosen.totalCents)}</strong> (juros de{" "}
          {formatBRL(chosen.interestCents)})
        </p>
      ) : null}
    </>
  );
}

/** Enabled once the page is interactive and the amount can be paid by card at all. */
export function PayCardButton({ amountCents, busy }: { amountCents: number; busy: boolean }) {
  const { options } = useInstallmentOptions(amountCents);
  return (
    <FormButton
      type="submit"
      pending={busy}
      pendingLabel="Processando pagamento…"
      disabled={!options?.length}
      className="w-full"
    >
      Pagar com cartão
    </FormButton>
  );
}
