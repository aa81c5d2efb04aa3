import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { shareLinkSender } from "@/lib/links/link-sender";
import { findCheckoutView } from "@/lib/payments/checkout-view";
import { env } from "@/lib/env";
import { PayCheckout } from "@/components/pay/pay-checkout";
import { CardRefusedHelp, PaymentInFlightHelp } from "@/components/pay/payment-help";
import { PixPayee } from "@/components/pay/pix-payee";
import { PageShell } from "@/components/ui/page-shell";

// Payment links are personal: never indexed, never leaked through the Referer header. A link
// pasted in WhatsApp still gets a preview, the same generic card for every link: nothing in it
// names the person, the vehicle or the amount (the page's data never reaches the metadata).
const PREVIEW = {
  title: "Pagamento de débitos do veículo",
  description: "Confira os débitos e pague com PIX ou cartão de crédito em até 12x.",
};

export function generateMetadata(): Metadata {
  const image = {
    url: `${env.publicBaseUrl}/og/pagamento`,
    width: 1200,
    height: 630,
    alt: PREVIEW.title,
    type: "image/png",
  };
  return {
    title: "Pagamento",
    description: PREVIEW.description,
    robots: { index: false, follow: false },
    referrer: "no-referrer",
    metadataBase: new URL(env.publicBaseUrl),
    openGraph: {
      ...PREVIEW,
      type: "website",
      siteName: "Placa Paga",
      locale: "pt_BR",
      images: [image],
    },
    twitter: { card: "summary_large_image", ...PREVIEW, images: [image.url] },
  };
}

type Props = { params: Promise<{ token: string }> };

// A dispatcher's share link is opened by someone who did not start the payment.
const SHARED = {
  title: "Pagamento de débitos do veículo",
  lead: "Alguém preparou este pagamento para você. Confira os débitos e pague com PIX ou cartão em até 12x.",
};
const OWN = { title: "Pagamento", lead: "Pague com cartão de crédito em até 12x ou com PIX." };

export default async function PayPage({ params }: Props) {
  const { token } = await params;
  // An unknown or mistyped token is a real 404, not a page that says so with a 200. The checkout
  // is rendered as the database has it, so the page needs no second round trip to draw it.
  const checkout = await findCheckoutView(token);
  if (!checkout) notFound();
  const sender = checkout.kind === "share" ? await shareLinkSender(token) : null;
  const page =
    checkout.kind === "share"
      ? {
          ...SHARED,
          lead: sender
            ? `${sender} preparou este pagamento para você. Confira os débitos e pague com PIX ou cartão em até 12x.`
            : SHARED.lead,
        }
      : OWN;
  return (
    <PageShell step="Pagamento" title={page.title} lead={page.lead} wide>
      <PayCheckout
        initial={checkout}
        help={{
          pixPayee: <PixPayee company={env.company} />,
          cardRefused: <CardRefusedHelp />,
          inFlight: <PaymentInFlightHelp />,
        }}
      />
    </PageShell>
  );
}
