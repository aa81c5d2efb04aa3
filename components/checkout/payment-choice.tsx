"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { lookupQuery, seededWith } from "@/lib/browser/queries";
import type { LookupView } from "@/lib/browser/types";
import { explainSelection } from "@/lib/rules/debt-explanations";
import { toSelectable, validateSelection } from "@/lib/rules/debt-selection";
import { sumCents } from "@/lib/rules/money";
import { HydrateApart } from "@/components/forms/hydrate-apart";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LookupAge } from "@/components/lookup/lookup-age";
import { CostSection } from "./cost-section";
import { DebtTotal } from "./debt-total";
import { CustomerForm } from "./customer-form";

/** Selected debts, the cost of each way to pay, then the payer's data. */
export function PaymentChoice({
  debtIds,
  initial,
  maxAgeMs,
}: {
  debtIds: string[];
  initial: LookupView;
  maxAgeMs: number;
}) {
  const lookupId = initial.id;
  const lookup = useQuery({ ...lookupQuery(lookupId), ...seededWith(initial) });
  const wanted = new Set(debtIds);
  const debts = lookup.data.debts.filter((d) => wanted.has(d.id));
  const totalCents = sumCents(debts.map((d) => d.amountCents));

  if (lookup.isError || debts.length === 0 || debts.length !== wanted.size) {
    return (
      <SelectionAlert lookupId={lookupId} title="Não encontramos os débitos escolhidos">
        {lookup.isError
          ? errorMessage(lookup.error)
          : "A seleção não corresponde a esta consulta. Volte e escolha os débitos de novo."}
      </SelectionAlert>
    );
  }
  // An address edited by hand, or a debt whose rules changed since it was chosen: say why here,
  // before the payer fills the form, instead of when the server refuses the checkout.
  const rules = lookup.data.debts.map(toSelectable);
  const check = validateSelection([...wanted], rules);
  if (!check.ok) {
    return (
      <SelectionAlert lookupId={lookupId} title="Estes débitos não podem ser pagos juntos assim">
        {explainSelection(check.problems, rules)}
      </SelectionAlert>
    );
  }

  // Paid or put into a payment (another tab, another lookup) since it was chosen: the server would
  // refuse the checkout; say so before the payer fills the form.
  const taken = debts.find((d) => d.availability);
  if (taken?.availability) {
    return (
      <SelectionAlert
        lookupId={lookupId}
        title={
          taken.availability.state === "in_payment"
            ? "Um destes débitos está em pagamento"
            : "Um destes débitos não pode mais ser pago"
        }
      >
        {`Não é possível pagar “${taken.title}”. ${taken.availability.reason}`}
      </SelectionAlert>
    );
  }

  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="flex flex-col gap-5">
        {/* The last step before a checkout exists: an old result is flagged here too. */}
        <LookupAge lookupId={lookupId} checkedAt={lookup.data.checkedAt} maxAgeMs={maxAgeMs} />
        <CostSection
          amountCents={totalCents}
          lead="Todas as formas têm juros, inclusive PIX e 1x. Você escolhe na próxima etapa."
        />
        <Card aria-labelledby="customer-title">
          <h2 id="customer-title" className="text-lg font-semibold text-slate-900">
            Dados de quem paga
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Usamos para emitir o comprovante e avisar sobre o pagamento.
          </p>
          <div className="mt-4">
            <HydrateApart>
              <CustomerForm lookupId={lookupId} debtIds={debts.map((d) => d.id)} />
            </HydrateApart>
          </div>
        </Card>
      </div>
      <Card aria-labelledby="chosen-title" className="lg:sticky lg:top-6">
        <h2 id="chosen-title" className="text-sm font-semibold text-slate-700">
          Débitos escolhidos
        </h2>
        <DebtTotal debts={debts} totalCents={totalCents} totalLabel="Valor dos débitos" />
        <ButtonLink
          href={`/consulta/${lookupId}?debts=${debts.map((d) => d.id).join(",")}`}
          variant="ghost"
          className="mt-2 px-0"
        >
          Alterar a seleção
        </ButtonLink>
      </Card>
    </div>
  );
}

function SelectionAlert({
  lookupId,
  title,
  children,
}: {
  lookupId: string;
  title: string;
  children: string;
}) {
  return (
    <Alert live tone="warning" title={title}>
      <p>{children}</p>
      <ButtonLink href={`/consulta/${lookupId}`} variant="secondary" className="mt-3">
        Escolher os débitos
      </ButtonLink>
    </Alert>
  );
}
