import type { Metadata } from "next";
import { LookupResult } from "@/components/lookup/lookup-result";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = { title: "Débitos do veículo" };

type Props = { params: Promise<{ lookupId: string }> };

export default async function LookupPage({ params }: Props) {
  const { lookupId } = await params;
  return (
    <PageShell step="Débitos" title="Débitos do veículo" lead="Escolha o que pagar. Alguns débitos precisam ser pagos juntos; avisamos quando isso acontece." wide>
      <LookupResult lookupId={lookupId} />
    </PageShell>
  );
}
