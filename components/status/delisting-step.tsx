import type { DelistingView } from "@/lib/browser/types";
import { delistingAdvice, delistingStep } from "@/lib/rules/delisting-marks";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";

type DebtDelisting = DelistingView["debts"][number];

/** A paid debt's third step, after "Pago" and "Quitado": what the authority's own list says. */
export function DelistingStep({
  debt,
  paidCents,
  nextCheckAt,
}: {
  debt: DebtDelisting;
  paidCents: number;
  nextCheckAt?: string;
}) {
  const step = delistingStep(debt, { paidCents, ...(nextCheckAt ? { nextCheckAt } : {}) });
  return (
    <p
      className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700"
      data-delisting={debt.state}
    >
      <Badge tone={step.tone}>{step.text}</Badge>
      {step.note ? (
        <>
          {" "}
          <span>{step.note}</span>
        </>
      ) : null}
    </p>
  );
}

/** Under the paid debts, when the checks did not confirm them all: what the payer does next. */
export function DelistingAdvice({ delisting, uf }: { delisting: DelistingView; uf: string }) {
  const advice = delistingAdvice(delisting.state, uf);
  if (!advice) return null;
  return (
    <Alert tone={advice.tone === "warning" ? "warning" : "info"} title={advice.title}>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {advice.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {delisting.evidence ? (
        <dl className="mt-3 grid gap-2 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="font-medium">paymentId</dt>
            <dd className="break-all font-mono text-xs">{delisting.evidence.paymentId ?? "—"}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium">transactionId</dt>
            <dd className="break-all font-mono text-xs">
              {delisting.evidence.transactionId ?? "—"}
            </dd>
          </div>
        </dl>
      ) : null}
    </Alert>
  );
}
