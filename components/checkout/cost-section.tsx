"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/browser/fetch-json";
import { installmentsQuery } from "@/lib/browser/queries";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { CostTable } from "./cost-table";

// Each installment is at least R$ 5,00, so from R$ 60,00 the answer is the full table (PIX and 1x
// to 12x). Its height is kept while it loads: the payer's form below must not jump when it lands.
const FULL_TABLE_FROM_CENTS = 12 * 500;

/** The card with PIX vs 1x..12x for an amount: the payment-choice step and a share link's page. */
export function CostSection({ amountCents, lead }: { amountCents: number; lead: string }) {
  const costs = useQuery(installmentsQuery(amountCents));
  const reserve = amountCents >= FULL_TABLE_FROM_CENTS ? "min-h-[34.5rem]" : undefined;
  return (
    <Card aria-labelledby="costs-title">
      <h2 id="costs-title" className="text-lg font-semibold text-slate-900">
        Quanto custa cada forma de pagamento
      </h2>
      <p className="mt-1 text-sm text-slate-700">{lead}</p>
      <div className="mt-4">
        {costs.isPending ? (
          <div className={reserve}>
            <WaitingBlock
              title="Calculando as parcelas"
              detail="Simulando PIX e cartão de 1x a 12x, costuma levar até 3 segundos."
            />
          </div>
        ) : costs.isError ? (
          <Alert live tone="danger" title="Não foi possível simular as parcelas">
            {errorMessage(costs.error)}
          </Alert>
        ) : (
          <CostTable answer={costs.data} />
        )}
      </div>
    </Card>
  );
}
