import type { InstallmentsAnswer } from "@/lib/browser/types";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Money } from "@/components/ui/money";

type Row = {
  key: string;
  label: string;
  installmentCents: number | null;
  totalCents: number;
  interestCents: number;
};

function rowsOf(answer: InstallmentsAnswer): Row[] {
  const pix = answer.pix
    ? [
        {
          key: "pix",
          label: "PIX",
          installmentCents: null,
          totalCents: answer.pix.totalCents,
          interestCents: answer.pix.interestCents,
        },
      ]
    : [];
  return [
    ...pix,
    ...answer.options.map((o) => ({
      key: String(o.number),
      label: `Cartão ${o.number}x`,
      installmentCents: o.installmentCents,
      totalCents: o.totalCents,
      interestCents: o.interestCents,
    })),
  ];
}

/** PIX next to every card option, with interest in R$: the cost of each way before committing. */
export function CostTable({ answer }: { answer: InstallmentsAnswer }) {
  const rows = rowsOf(answer);
  // Under R$ 5,00 no installment can be offered (each must be at least R$ 5,00), and the PIX total
  // is the 1x total: upstream gives neither, so say where the total will appear instead.
  if (rows.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        Para valores abaixo de R$ 5,00 não há parcelamento no cartão. Pague com PIX: o total com
        juros aparece quando o código é gerado, antes de você pagar.
      </p>
    );
  }
  const cheapest = Math.min(...rows.map((r) => r.totalCents));
  return (
    <div className="-mx-2 overflow-x-auto sm:mx-0">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Custo de cada forma de pagamento, com juros</caption>
        <thead>
          <tr className="text-left text-xs text-slate-700">
            <th scope="col" className="px-2 py-2 font-semibold">
              Forma
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Parcela
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Total
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Juros
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const best = row.totalCents === cheapest;
            return (
              <tr key={row.key} className={cx(best ? "bg-emerald-50" : "odd:bg-slate-50")}>
                <th scope="row" className="px-2 py-2.5 text-left font-semibold text-slate-900">
                  <span className="flex flex-wrap items-center gap-1.5">
                    {row.label}
                    {best ? <Badge tone="success">Menor custo</Badge> : null}
                  </span>
                </th>
                <td className="px-2 py-2.5 text-right">
                  {row.installmentCents === null ? (
                    "à vista"
                  ) : (
                    <Money cents={row.installmentCents} />
                  )}
                </td>
                <td className={cx("px-2 py-2.5 text-right", best && "font-bold text-emerald-900")}>
                  <Money cents={row.totalCents} />
                </td>
                <td className="px-2 py-2.5 text-right text-slate-700">
                  <Money cents={row.interestCents} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
