import type { TimelineEntry } from "@/lib/browser/types";
import { formatDateTimeBR } from "@/lib/rules/money";
import { liquidationStatusLabel, paymentStatusLabel } from "@/lib/rules/payment-status";

function label(entry: TimelineEntry): string {
  return entry.liquidationStatus
    ? `${paymentStatusLabel(entry.status)} · ${liquidationStatusLabel(entry.liquidationStatus)}`
    : paymentStatusLabel(entry.status);
}

/** Every status the payment went through, oldest first. */
export function PaymentTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  if (timeline.length === 0)
    return <p className="text-sm text-slate-700">Nenhuma atualização ainda.</p>;
  return (
    <ol className="relative flex flex-col gap-4 border-l-2 border-slate-200 pl-5">
      {timeline.map((entry, i) => (
        <li key={`${entry.at}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[27px] top-1.5 size-3 rounded-full border-2 border-white bg-brand-600 ring-2 ring-brand-100"
          />
          <p className="font-semibold text-slate-900">{label(entry)}</p>
          <p className="text-sm text-slate-700">{formatDateTimeBR(entry.at)}</p>
        </li>
      ))}
    </ol>
  );
}
