import type { DelistingView, PaymentView } from "@/lib/browser/types";
import { isKnownPaymentStatus, UNKNOWN_STATUS_LABEL } from "@/lib/rules/payment-status";
import { formatDateTimeBR } from "@/lib/rules/money";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { WaitingBlock } from "@/components/ui/waiting-block";
import type { StatusHelp } from "@/components/pay/payment-help";

/** One sentence on where the payment stands and what happens next. */
/** After every debt settled: what the delisting checks found so far (docs/delisting.md). */
function settledSentence(delisting: DelistingView | undefined): string {
  switch (delisting?.state) {
    case "confirmed":
      return "Todos os débitos foram quitados, e o órgão de trânsito já não os lista.";
    case "still_listed":
      return "Os débitos foram quitados, mas o órgão de trânsito ainda lista pelo menos um deles. Veja abaixo o que fazer.";
    case "checking":
      return "Todos os débitos foram quitados junto ao órgão de trânsito. Vamos conferir na lista do próprio órgão se eles já saíram.";
    default:
      return "Todos os débitos foram quitados junto ao órgão de trânsito.";
  }
}

export function StatusHeadline({
  payment,
  delisting,
  help = {},
}: {
  payment: PaymentView;
  delisting?: DelistingView;
  help?: StatusHelp;
}) {
  switch (payment.status) {
    case "paid":
      return (
        <Alert live tone="success" title="Pagamento aprovado">
          {payment.debts.every((d) => d.status === "settled")
            ? settledSentence(delisting)
            : "Agora os débitos são quitados junto ao órgão de trânsito, um a um. Esta página atualiza sozinha."}
        </Alert>
      );
    case "refused":
      return (
        <Alert live tone="danger" title="Pagamento recusado">
          <p>{payment.failureMessage ?? "O pagamento foi recusado. Nenhum valor foi cobrado."}</p>
          {payment.method === "credit_card" ? help.refused : null}
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
    case "not_created":
      return (
        <Alert live tone="warning" title="Pagamento não realizado">
          <p>
            {payment.failureMessage ??
              "A operadora não registrou este pagamento: nenhum valor foi cobrado."}
          </p>
          <ButtonLink href={`/pagar/${payment.checkoutToken}`} variant="secondary" className="mt-3">
            Pagar de novo
          </ButtonLink>
        </Alert>
      );
    case "abandoned":
      return (
        <Alert live tone="warning" title="Pagamento encerrado sem código PIX">
          <p>
            {payment.failureMessage ??
              "O código PIX desta tentativa não chegou até nós: nenhum valor foi cobrado."}
          </p>
          <ButtonLink href={`/pagar/${payment.checkoutToken}`} variant="secondary" className="mt-3">
            Pagar de novo
          </ButtonLink>
        </Alert>
      );
    case "in_analysis":
      return (
        <div className="flex flex-col gap-3">
          <WaitingBlock
            title="Pagamento em análise"
            detail="Costuma terminar em poucos minutos. Esta página atualiza sozinha e você pode fechá-la: o resultado continua aqui neste endereço."
          />
          {help.inAnalysis ? <Alert tone="warning">{help.inAnalysis}</Alert> : null}
        </div>
      );
    case "processing":
      return (
        <WaitingBlock
          title="Processando o pagamento"
          detail="A operadora do cartão está processando; costuma levar menos de um minuto. Esta página atualiza sozinha."
        />
      );
    case "awaiting_payment":
      // Never "waiting" without a code to pay: one without it is being fetched again (or ends).
      return payment.pix ? (
        <div className="flex flex-col gap-3">
          <WaitingBlock
            title="Aguardando o pagamento PIX"
            detail="Assim que o banco confirmar, esta página atualiza sozinha."
          />
          <ButtonLink href={`/pagar/${payment.checkoutToken}`} variant="secondary">
            Ver o código PIX
          </ButtonLink>
        </div>
      ) : (
        <WaitingBlock
          title="Buscando o código PIX"
          detail="A operadora registrou o PIX, mas o código ainda não chegou até nós. Esta página atualiza sozinha: ou ele aparece, ou a tentativa é encerrada sem cobrança."
        />
      );
    default:
      if (!isKnownPaymentStatus(payment.status)) {
        return (
          <WaitingBlock
            title={UNKNOWN_STATUS_LABEL}
            detail="A operadora informou uma situação que ainda estamos verificando. Não pague de novo: esta página mostra o resultado assim que ele for confirmado."
          />
        );
      }
      return <PendingHeadline answerBy={payment.answerBy} />;
  }
}

/** We never heard back: say so, and when this ends if the operator still knows nothing of it. */
function PendingHeadline({ answerBy }: { answerBy?: string }) {
  const deadline = answerBy ? formatDateTimeBR(answerBy) : null;
  return (
    <WaitingBlock
      title="Confirmando o pagamento"
      detail={
        deadline
          ? `A operadora ainda não respondeu; isso não é um erro e esta página atualiza sozinha. Se ela não confirmar o pagamento até ${deadline}, encerramos esta tentativa sem cobrança e você poderá pagar de novo.`
          : "A operadora ainda não respondeu; isso não é um erro. Esta página atualiza sozinha."
      }
    />
  );
}
