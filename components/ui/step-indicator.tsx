import { cx } from "./cx";

export const FLOW_STEPS = ["Veículo", "Débitos", "Pagamento", "Acompanhamento"] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** Where the person is in the flow; the current step is announced with aria-current. */
export function StepIndicator({ current }: { current: FlowStep }) {
  const index = FLOW_STEPS.indexOf(current);
  return (
    <nav aria-label="Etapas" className="print:hidden">
      <ol className="flex items-center gap-1 text-xs sm:gap-2 sm:text-sm">
        {FLOW_STEPS.map((step, i) => (
          <li
            key={step}
            className={cx(
              "flex items-center gap-1 sm:min-w-0 sm:flex-1 sm:gap-2",
              i === index ? "flex-none pr-2" : "min-w-0 flex-1",
            )}
            aria-current={i === index ? "step" : undefined}
          >
            <span
              className={cx(
                "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                i < index && "bg-brand-100 text-brand-800",
                i === index && "bg-brand-600 text-white",
                i > index && "bg-slate-200 text-slate-700",
              )}
              aria-hidden="true"
            >
              {i + 1}
            </span>
            <span
              className={cx(
                i !== index && "truncate",
                i === index ? "font-semibold text-slate-900" : "text-slate-700",
                i !== index && "max-sm:sr-only",
              )}
            >
              {step}
              {i < index ? <span className="sr-only"> (concluída)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
