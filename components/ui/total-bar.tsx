import { Money } from "./money";

type TotalBarProps = {
  label: string;
  totalCents: number;
  detail?: string;
  action: React.ReactNode;
};

/** Phones: pinned to the bottom with the running total and the one next action. Desktop pages
 * show a summary column instead, so this bar hides from lg up. */
export function MobileTotalBar({ label, totalCents, detail, action }: TotalBarProps) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden print:hidden">
      <div className="mx-auto flex max-w-xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-700">{label}</p>
          <Money cents={totalCents} className="text-xl font-bold" />
          {detail ? <p className="truncate text-xs text-slate-700">{detail}</p> : null}
        </div>
        <div className="shrink-0">{action}</div>
      </div>
    </div>
  );
}
