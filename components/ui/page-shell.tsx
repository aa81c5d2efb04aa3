import { StepIndicator, type FlowStep } from "./step-indicator";

/** Common frame of the flow pages: step indicator, heading, lead text, content. */
export function PageShell({
  step,
  title,
  lead,
  children,
  wide = false,
}: {
  step?: FlowStep;
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <main
      className={`mx-auto w-full px-4 pb-32 pt-6 sm:pt-8 lg:pb-12 ${wide ? "max-w-5xl" : "max-w-2xl"}`}
    >
      {step ? <StepIndicator current={step} /> : null}
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-2 text-slate-700">{lead}</p> : null}
      <div className="mt-6 flex flex-col gap-5">{children}</div>
    </main>
  );
}
