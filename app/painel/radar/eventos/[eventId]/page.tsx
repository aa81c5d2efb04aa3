import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ItemLinkMaker } from "@/components/workspace/links/item-link-maker";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";
import { requirePageUser, pageIds } from "@/lib/auth/page-user";
import { findLookupView } from "@/lib/checkouts/lookup-view";
import { eventForLink } from "@/lib/radar/radar-view";
import { formatPlate } from "@/lib/rules/plate";
import { senderName } from "@/lib/rules/sender-name";

export const metadata: Metadata = { title: "Gerar link de um débito novo" };

type Props = { params: Promise<{ eventId: string }> };

// "Gerar link" from a Radar event: the lookup that found the debt, in the workspace's link flow,
// with that debt already chosen (?debts=, read by the debt selection).
export default async function RadarEventLinkPage({ params }: Props) {
  const { eventId } = await pageIds(params);
  const user = await requirePageUser(`/painel/radar/eventos/${encodeURIComponent(eventId)}`);
  // Another account's event and a missing one are the same 404.
  const event = await eventForLink(user.id, eventId);
  if (!event) notFound();
  const lookup = await findLookupView(event.lookupId);
  return (
    <PageShell
      title={`${formatPlate(event.plate)} · ${event.uf}`}
      lead={`Cliente: ${event.client.name}. O débito que o Radar encontrou já está escolhido; confira e gere o link.`}
      wide
    >
      {lookup ? (
        <ItemLinkMaker initial={lookup} client={event.client} sender={senderName(user)} />
      ) : (
        <Alert tone="warning" title="A consulta deste débito não está mais disponível">
          <p>Faça uma nova consulta do veículo em um lote para gerar o link.</p>
        </Alert>
      )}
      <ButtonLink href="/painel/radar" variant="secondary" className="self-start">
        Voltar ao Radar
      </ButtonLink>
    </PageShell>
  );
}
