import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { findPaymentView } from "@/lib/payments/get-payment";
import { InAnalysisHelp, RefusedNextSteps } from "@/components/pay/payment-help";
import { AfterPayment } from "@/components/status/after-payment";
import { PaymentStatus } from "@/components/status/payment-status";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = { title: "Acompanhamento do pagamento", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ ref: string }> };

export default async function PaymentStatusPage({ params }: Props) {
  const { ref } = await params;
  // What the database knows, rendered at once; the first poll reconciles with upstream.
  const payment = await findPaymentView(ref);
  if (!payment) notFound();
  // An expired PIX replaced by a fresh one: its page is the new code's page.
  if (payment.renewedTo) redirect(`/pagamento/${payment.renewedTo}`);
  return (
    <PageShell step="Acompanhamento" title="Acompanhamento do pagamento" lead="Esta página se atualiza sozinha até cada débito ser quitado.">
      <PaymentStatus initial={payment} afterPaying={<AfterPayment debts={payment.debts} uf={payment.uf} />}
        help={{ inAnalysis: <InAnalysisHelp />, refused: <RefusedNextSteps /> }}
      />
    </PageShell>
  );
}
