"use client";

import type { PaymentView } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { CARD_BRAND_LABELS, type CardBrand } from "@/lib/rules/card";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Money } from "@/components/ui/money";
import { SettlementList } from "./settlement-list";

function methodLabel(p: PaymentView): string {
  if (p.method === "pix") return "PIX";
  const brand = p.cardBrand && p.cardBrand in CARD_BRAND_LABELS ? CARD_BRAND_LABELS[p.cardBrand as CardBrand] : p.cardBrand ?? "Cartão";
  return `${brand} final ${p.cardLastFour ?? "••••"} em ${p.installments ?? 1}x`;
}

/** The printable comprovante: only this card is printed (print: utilities hide the rest). */
export function Receipt({ payment }: { payment: PaymentView }) {
  return (
    <Card aria-labelledby="receipt-title" className="print:border-0 print:p-0 print:shadow-none">
      <div className="flex items-start justify-between gap-3">
        <h2 id="receipt-title" className="text-lg font-semibold text-slate-900">
          Comprovante
        </h2>
        <div className="flex flex-wrap justify-end gap-2 print:hidden">
          {/* A plain link: the route answers with Content-Disposition: attachment (lib/receipts). */}
          <a href={`/api/payments/${encodeURIComponent(payment.ref)}/comprovante`} download className={buttonClass("primary")}>
            Baixar comprovante (PDF)
          </a>
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir comprovante
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Valor pago</dt>
          <dd>{payment.amountCents != null ? <Money cents={payment.amountCents} className="text-2xl font-bold" /> : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Forma de pagamento</dt>
          <dd className="font-medium">{methodLabel(payment)}</dd>
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
      <SettlementList debts={payment.debts} />
    </Card>
  );
}
