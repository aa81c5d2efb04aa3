import type { DelistingView, PaymentView } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { isSettled, liquidationStatusLabel } from "@/lib/rules/payment-status";
import { Badge } from "@/components/ui/badge";
import { Money } from "@/components/ui/money";
import { DelistingStep } from "./delisting-step";

/**
 * Each debt and, once paid, whether the authority has registered it (baixa). Before a payment is
 * paid there is no settlement to speak of: `settlement={false}` lists the debts alone. Once settled,
 * `delisting` adds the third step: whether the authority's own list has dropped it.
 */
export function SettlementList({
  debts,
  settlement = true,
  delisting,
}: {
  debts: PaymentView["debts"];
  settlement?: boolean;
  delisting?: DelistingView;
}) {
  const third = new Map(delisting?.debts.map((d) => [d.debtId, d]));
  return (
    <ul className="flex flex-col divide-y divide-slate-200">
      {debts.map((d) => (
        <li key={d.id} className="flex items-start justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{d.title}</p>
            {settlement ? (
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <Badge tone={isSettled(d.status) ? "success" : "neutral"}>
                  {liquidationStatusLabel(d.status)}
                </Badge>
                {d.settledAt ? <span>em {formatDateTimeBR(d.settledAt)}</span> : null}
              </p>
            ) : null}
            {settlement && third.has(d.id) ? (
              <DelistingStep
                debt={third.get(d.id)!}
                paidCents={d.amountCents}
                {...(delisting?.nextCheckAt ? { nextCheckAt: delisting.nextCheckAt } : {})}
              />
            ) : null}
          </div>
          <Money cents={d.amountCents} className="font-medium" />
        </li>
      ))}
    </ul>
  );
}
