import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { findLookupView } from "@/lib/checkouts/lookup-view";
import { debtIdsFromParam } from "@/lib/rules/debt-selection";
import { PaymentChoice } from "@/components/checkout/payment-choice";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = { title: "Forma de pagamento" };

type Props = {
  params: Promise<{ lookupId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function PaymentChoicePage({ params, searchParams }: Props) {
  const [{ lookupId }, query] = await Promise.all([params, searchParams]);
  const debtIds = debtIdsFromParam(typeof query.debts === "string" ? query.debts : "");
  // The chosen debts come rendered with the page (the cost table still loads its simulation).
  const lookup = await findLookupView(lookupId);
  if (!lookup) notFound();
  return (
    <PageShell
      step="Pagamento"
      title="Como você quer pagar"
      lead="Compare o total de cada forma de pagamento e informe seus dados."
      wide
    >
      <PaymentChoice debtIds={debtIds} initial={lookup} maxAgeMs={env.lookupMaxAgeMs} />
    </PageShell>
  );
}
