import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { delistingByRef } from "@/lib/delisting/delisting-view";
import { clientKeyFromHeaders } from "@/lib/http/client-ip";
import { findPaymentPage } from "@/lib/payments/get-payment";
import { REPLACED_MESSAGE } from "@/lib/payments/payment-ref";
import { isSettled } from "@/lib/rules/payment-status";
import { InAnalysisHelp, RefusedNextSteps } from "@/components/pay/payment-help";
import { AfterPayment } from "@/components/status/after-payment";
import { PaidVehicle } from "@/components/status/paid-vehicle";
import { PaymentStatus } from "@/components/status/payment-status";
import { ButtonLink } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = {
  title: "Acompanhamento do pagamento",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

type Props = { params: Promise<{ ref: string }> };

export default async function PaymentStatusPage({ params }: Props) {
  const { ref } = await params;
  // What the database knows, rendered at once; the first poll reconciles with upstream.
  const found = await findPaymentPage(ref, clientKeyFromHeaders(await headers()));
  if (found.kind === "unknown") notFound();
  if (found.kind !== "found") {
    // An old address (or too many wrong ones): a message and nothing about the payment.
    const [title, lead] =
      found.kind === "replaced"
        ? ["Este link foi substituído", REPLACED_MESSAGE]
        : ["Muitas tentativas", found.message];
    return (
      <PageShell title={title} lead={lead}>
        <div>
          <ButtonLink href="/" variant="secondary">
            Ir para a página inicial
          </ButtonLink>
        </div>
      </PageShell>
    );
  }
  const payment = found.view;
  // An expired PIX replaced by a fresh one: its page is the new code's page.
  if (payment.renewedTo) redirect(`/pagamento/${payment.renewedTo}`);
  // Once settled, each debt's third step (the delisting checks); nothing before, as in the API.
  const delisting =
    payment.status === "paid" && isSettled(payment.liquidationStatus)
      ? await delistingByRef(payment.ref)
      : null;
  return (
    <PageShell
      step="Acompanhamento"
      title="Acompanhamento do pagamento"
      lead="Esta página se atualiza sozinha até cada débito ser quitado."
    >
      <PaymentStatus
        initial={delisting ? { ...payment, delisting } : payment}
        vehicle={found.vehicle ? <PaidVehicle vehicle={found.vehicle} /> : null}
        afterPaying={<AfterPayment debts={payment.debts} uf={payment.uf} />}
        help={{ inAnalysis: <InAnalysisHelp />, refused: <RefusedNextSteps /> }}
      />
    </PageShell>
  );
}
