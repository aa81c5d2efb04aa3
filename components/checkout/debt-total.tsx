import { Money } from "@/components/ui/money";

type Props = {
  debts: { id: string; title: string; amountCents: number }[];
  totalCents: number;
  totalLabel: string;
};

/** The chosen debts and their total, the largest number in a summary column. */
export function DebtTotal({ debts, totalCents, totalLabel }: Props) {
  return (
    <>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {debts.map((d) => (
          <li key={d.id} className="flex justify-between gap-3">
            <span className="text-slate-800">{d.title}</span>
            <Money cents={d.amountCents} />
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <p className="text-sm text-slate-700">{totalLabel}</p>
        <Money cents={totalCents} className="block text-left text-3xl font-bold text-slate-900" />
      </div>
    </>
  );
}
