"use client";

import type { DelistingView, PaymentView } from "@/lib/browser/types";
import { receiptAmounts } from "@/lib/rules/receipt-model";
import { formatDateTimeBR } from "@/lib/rules/money";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { DelistingAdvice } from "./delisting-step";
import { SettlementList } from "./settlement-list";

/**
 * The printable comprovante: only this card is printed (print: utilities hide the rest). Method,
 * interest and total come from the PDF's own model (receiptAmounts), as in the e-mails.
 */
export function Receipt({
  payment,
  delisting,
}: {
  payment: PaymentView;
  /** Once settled: each debt's third step, and what to do when it is not confirmed. */
  delisting?: DelistingView;
}) {
  const amounts = receiptAmounts({ ...payment, amountCents: payment.amountCents ?? null });
  return (
    <Card aria-labelledby="receipt-title" className="print:border-0 print:p-0 print:shadow-none">
      <div className="flex items-start justify-between gap-3">
        <h2 id="receipt-title" className="text-lg font-semibold text-slate-900">
          Comprovante
        </h2>
        <div className="flex flex-wrap justify-end gap-2 print:hidden">
          {/* A plain link: the route answers with Content-Disposition: attachment (lib/receipts). */}
          <a
            href={`/api/payments/${encodeURIComponent(payment.ref)}/comprovante`}
            download
            className={buttonClass("primary")}
          >
            Baixar comprovante (PDF)
          </a>
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir comprovante
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Total pago</dt>
          <dd>
            <Money cents={amounts.totalCents} className="text-2xl font-bold" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Forma de pagamento</dt>
          <dd className="font-medium">{amounts.method}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Pago em</dt>
          <dd className="font-medium">{payment.paidAt ? formatDateTimeBR(payment.paidAt) : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Código do pagamento</dt>
          <dd className="break-all font-mono text-xs">{payment.ref}</dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-800">Débitos pagos</h3>
      <SettlementList debts={payment.debts} {...(delisting ? { delisting } : {})} />
      {delisting ? (
        <div className="mb-3 print:hidden">
          <DelistingAdvice delisting={delisting} uf={payment.uf} />
        </div>
      ) : null}
      <dl className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
        {(
          [
            ["Soma dos débitos", amounts.debtsTotalCents],
            ["Juros", amounts.interestCents],
            ["Total pago", amounts.totalCents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd>
              <Money cents={cents} className="font-medium" />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
