import type { Metadata } from "next";
import { PayCheckout } from "@/components/pay/pay-checkout";
import { PageShell } from "@/components/ui/page-shell";

// Payment links are personal: never indexed, never leaked through the Referer header.
export const metadata: Metadata = { title: "Pagamento", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }> };

export default async function PayPage({ params }: Props) {
  const { token } = await params;
  return (
    <PageShell step="Pagamento" title="Pagamento" lead="Pague com cartão de crédito em até 12x ou com PIX." wide>
      <PayCheckout token={token} />
    </PageShell>
  );
}
