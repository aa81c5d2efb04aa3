import {
  IN_ANALYSIS,
  PAYMENT_IN_FLIGHT,
  REFUSED_FORM_KEPT,
  refusedNextSteps,
} from "@/lib/rules/payment-guidance";
import { NextSteps } from "@/components/ui/next-steps";

// Guidance for card payments under review or refused, rendered by the server pages and handed to
// the client components as nodes: the text ships as HTML, never in the pay and status pages'
// first-load JavaScript, which has a budget (docs/benchmarks.md).

/** In the card form after a refusal: what to try next, and what the form kept. */
export function CardRefusedHelp() {
  return (
    <>
      <NextSteps steps={refusedNextSteps()} />
      <p className="mt-2">{REFUSED_FORM_KEPT}</p>
    </>
  );
}

/** On the status page after a card refusal. */
export function RefusedNextSteps() {
  return <NextSteps steps={refusedNextSteps()} />;
}

/** Below "Pagamento em análise": don't pay again, and what the review is. */
export function InAnalysisHelp() {
  return (
    <>
      <p className="font-semibold">Não pague de novo</p>
      <p className="mt-1">{IN_ANALYSIS.noSecondPayment}</p>
      <p className="mt-2">{IN_ANALYSIS.what}</p>
    </>
  );
}

/** On the pay page while an earlier card attempt is still open. */
export function PaymentInFlightHelp() {
  return <p>{PAYMENT_IN_FLIGHT.body}</p>;
}

export type PayHelp = {
  pixPayee?: React.ReactNode;
  cardRefused?: React.ReactNode;
  inFlight?: React.ReactNode;
};
export type StatusHelp = { inAnalysis?: React.ReactNode; refused?: React.ReactNode };
