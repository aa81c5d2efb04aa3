import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ItemLinkMaker } from "@/components/workspace/links/item-link-maker";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";
import { requirePageUser, pageIds } from "@/lib/auth/page-user";
import { findItemForLink } from "@/lib/links/batch-item-link";
import { formatPlate } from "@/lib/rules/plate";
import { senderName } from "@/lib/rules/sender-name";

export const metadata: Metadata = { title: "Resultado do veículo" };

type Props = { params: Promise<{ batchId: string; itemId: string }> };

export default async function BatchItemPage({ params }: Props) {
  const { batchId, itemId } = await pageIds(params);
  const user = await requirePageUser(
    `/painel/lotes/${encodeURIComponent(batchId)}/itens/${encodeURIComponent(itemId)}`,
  );
  // Another account's item and a missing one are the same 404.
  const item = await findItemForLink(user.id, batchId, itemId);
  if (!item) notFound();
  return (
    <PageShell
      title={`${formatPlate(item.plate)} · ${item.uf}`}
      lead={`Cliente: ${item.client.name}. Escolha os débitos e gere o link de pagamento.`}
      wide
    >
      {item.lookup ? (
        <ItemLinkMaker initial={item.lookup} client={item.client} sender={senderName(user)} />
      ) : (
        <Alert
          tone={item.status === "failed" ? "danger" : "info"}
          title={
            item.status === "failed"
              ? "A consulta deste veículo falhou"
              : "Este veículo ainda está na fila do lote"
          }
        >
          <p>{item.errorMessage ?? "O resultado aparece aqui assim que a consulta terminar."}</p>
        </Alert>
      )}
      <ButtonLink
        href={`/painel/lotes/${encodeURIComponent(batchId)}`}
        variant="secondary"
        className="self-start"
      >
        Voltar ao lote
      </ButtonLink>
    </PageShell>
  );
}
