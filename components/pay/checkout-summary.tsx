import type { CheckoutView } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { formatPlate } from "@/lib/rules/plate";
import { DebtTotal } from "@/components/checkout/debt-total";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";

/**
 * Vehicle, chosen debts and their total: beside the payment on desktop. `payer` false where the page already shows who pays and until when (a share link's own card).
 */
export function CheckoutSummary({
  checkout,
  className,
  payer = true,
}: {
  checkout: CheckoutView;
  className?: string;
  payer?: boolean;
}) {
  return (
    <Card aria-labelledby="checkout-summary" className={cx("lg:sticky lg:top-6", className)}>
      <h2 id="checkout-summary" className="text-sm font-semibold text-slate-700">
        Veículo {formatPlate(checkout.plate)} · {checkout.uf}
      </h2>
      <DebtTotal
        debts={checkout.debts}
        totalCents={checkout.amountCents}
        totalLabel="Valor dos débitos (sem juros)"
      />
      <p className="mt-1 text-xs text-slate-600">
        O total com juros de cada forma aparece antes de confirmar.
      </p>
      {payer ? (
        <dl className="mt-4 text-sm text-slate-700">
          <dt className="sr-only">Pagador</dt>
          <dd>
            {checkout.customer.name} · {checkout.customer.cpfCnpjMasked}
          </dd>
          <dt className="sr-only">Validade</dt>
          <dd>
            {checkout.status === "expired" ? "Expirou em" : "Pagamento disponível até"}{" "}
            {formatDateTimeBR(checkout.expiresAt)}
          </dd>
        </dl>
      ) : null}
    </Card>
  );
}
