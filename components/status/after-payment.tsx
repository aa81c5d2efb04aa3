import { crlvGuidance, SETTLEMENT_CAVEAT, whatHappensNext } from "@/lib/rules/after-payment";
import { Card } from "@/components/ui/card";

type Props = { debts: { id: string; title: string; type: string }[]; uf: string };

/**
 * What happens next for each debt once paid, and the CRLV-e when licensing was paid. Rendered by
 * the server page and shown by the status page once the payment is approved: plain HTML text.
 */
export function AfterPayment({ debts, uf }: Props) {
  const types = debts.map((d) => d.type);
  const crlv = crlvGuidance(types, uf);
  return (
    <Card aria-labelledby="after-payment-title" className="print:hidden">
      <h2 id="after-payment-title" className="text-lg font-semibold text-slate-900">
        E agora?
      </h2>
      <ul className="mt-3 flex flex-col gap-3 text-sm leading-relaxed text-slate-700">
        {whatHappensNext(debts).map((line) => (
          <li key={line.key}>
            <p className="font-semibold text-slate-900">{line.label}</p>
            <p className="text-slate-600">{line.titles.join("; ")}</p>
            <p className="mt-0.5">{line.typical}</p>
          </li>
        ))}
      </ul>
      {crlv ? (
        <div className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm leading-relaxed text-emerald-900">
          <p className="font-semibold">Documento do veículo (CRLV-e)</p>
          <p className="mt-1">{crlv}</p>
        </div>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">{SETTLEMENT_CAVEAT}</p>
    </Card>
  );
}
