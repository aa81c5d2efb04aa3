import type { PaymentView } from "@/lib/client/types";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import { IN_ANALYSIS, NOTHING_CHARGED, refusedNextSteps } from "@/lib/rules/payment-guidance";
import { NextSteps } from "@/components/ui/next-steps";

/** One sentence on where the payment stands and what happens next. */
export function StatusHeadline({ payment }: { payment: PaymentView }) {
  switch (payment.status) {
    case "paid":
      return (
        <Alert live tone="success" title="Pagamento aprovado">
          {payment.debts.every((d) => d.status === "settled")
            ? "Todos os débitos foram quitados junto ao órgão de trânsito."
            : "Agora os débitos são quitados junto ao órgão de trânsito, um a um. Esta página atualiza sozinha."}
        </Alert>
      );
    case "refused":
      return (
        <Alert live tone="danger" title="Pagamento recusado">
          <p>{payment.failureMessage ?? `O pagamento foi recusado. ${NOTHING_CHARGED}`}</p>
          {payment.method === "credit_card" ? <NextSteps steps={refusedNextSteps()} /> : null}
          <ButtonLink href={`/pagar/${payment.checkoutToken}`} variant="secondary" className="mt-3">
            Tentar outro cartão ou PIX
          </ButtonLink>
        </Alert>
      );
    case "expired":
      return (
        <Alert live tone="warning" title="Pagamento expirado">
          <p>{payment.failureMessage ?? "O prazo para pagar terminou e nada foi cobrado."}</p>
          <ButtonLink href={`/pagar/${payment.checkoutToken}`} variant="secondary" className="mt-3">
            Voltar ao pagamento
          </ButtonLink>
        </Alert>
      );
    case "in_analysis":
      return (
        <div className="flex flex-col gap-3">
          <WaitingBlock title={IN_ANALYSIS.title} detail={IN_ANALYSIS.howLong} />
          <Alert tone="warning" title="Não pague de novo">
            <p>{IN_ANALYSIS.noSecondPayment}</p>
            <p className="mt-2">{IN_ANALYSIS.what}</p>
          </Alert>
        </div>
      );
    case "processing":
      return <WaitingBlock title="Processando o pagamento" detail="A operadora do cartão está processando; costuma levar menos de um minuto. Esta página atualiza sozinha." />;
    case "awaiting_payment":
      return <WaitingBlock title="Aguardando o pagamento PIX" detail="Assim que o banco confirmar, esta página atualiza sozinha." />;
    default:
      return <WaitingBlock title="Confirmando o pagamento" detail="A operadora ainda não respondeu; isso não é um erro. A confirmação costuma chegar em até 2 minutos e esta página atualiza sozinha." />;
  }
}
