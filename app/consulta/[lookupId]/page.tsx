import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { findLookupView } from "@/lib/checkouts/lookup-view";
import { LookupCoverage } from "@/components/lookup/lookup-coverage";
import { LookupResult } from "@/components/lookup/lookup-result";
import { RadarSubscribeForm } from "@/components/radar/radar-subscribe-form";
import { PageShell } from "@/components/ui/page-shell";
import { radarSubscribeAction } from "./radar-subscribe-action";

export const metadata: Metadata = { title: "Débitos do veículo" };

type Props = { params: Promise<{ lookupId: string }> };

export default async function LookupPage({ params }: Props) {
  const { lookupId } = await params;
  // Rendered with what the database knows, so the page arrives with its debts instead of a
  // "Carregando" block and a second round trip; the client keeps polling from there.
  const lookup = await findLookupView(lookupId);
  if (!lookup) notFound();
  return (
    <PageShell
      step="Débitos"
      title="Débitos do veículo"
      lead="Escolha o que pagar. Alguns débitos precisam ser pagos juntos; avisamos quando isso acontece."
      wide
    >
      <LookupResult
        initial={lookup}
        maxAgeMs={env.lookupMaxAgeMs}
        coverage={<LookupCoverage uf={lookup.uf} />}
      />
      <RadarSubscribeForm
        lookupId={lookupId}
        mailboxHint={env.mail.embedded}
        confirmTtlHours={env.radar.confirmTtlHours}
        subscribe={radarSubscribeAction}
      />
    </PageShell>
  );
}
