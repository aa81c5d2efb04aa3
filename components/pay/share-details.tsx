"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "@/lib/browser/queries";
import type { CheckoutView } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { CostSection } from "@/components/checkout/cost-section";
import { Card } from "@/components/ui/card";
import { Countdown } from "./countdown";

/** A dispatcher's link, seen by its recipient: for whom (masked), until when, and what each way costs. */
export function ShareDetails({ checkout }: { checkout: CheckoutView }) {
  const queryClient = useQueryClient();
  // At zero the server agrees the link expired: reload it so the form goes away.
  const onExpire = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.checkout(checkout.token) }),
    [queryClient, checkout.token],
  );
  const c = checkout.customer;
  return (
    <>
      <Card aria-labelledby="share-for">
        <h2 id="share-for" className="text-lg font-semibold text-slate-900">
          Pagamento para {c.name}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-600">CPF/CNPJ</dt>
            <dd className="font-mono text-slate-900">{c.cpfCnpjMasked}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">E-mail</dt>
            <dd className="break-all text-slate-900">{c.emailMasked}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Celular</dt>
            <dd className="text-slate-900">{c.phoneMasked}</dd>
          </div>
        </dl>
        <div className="mt-4 rounded-lg bg-amber-50 px-3 py-2">
          <p className="text-sm text-slate-800">
            Link válido até {formatDateTimeBR(checkout.expiresAt)}
          </p>
          <Countdown expiresAt={checkout.expiresAt} onExpire={onExpire} label="Expira em" />
        </div>
      </Card>
      <CostSection
        amountCents={checkout.amountCents}
        lead="Todas as formas têm juros, inclusive PIX e 1x. Escolha abaixo como pagar."
      />
    </>
  );
}
