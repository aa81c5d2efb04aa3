import type { Metadata } from "next";
import { PageShell } from "@/components/ui/page-shell";
import { BatchDetail } from "@/components/workspace/batches/batch-detail";
import { requirePageUser, pageIds, pageOr404 } from "@/lib/auth/page-user";
import { formatDateTimeBR } from "@/lib/rules/money";
import { getBatchView } from "@/lib/workspace/batches/batch-view";

export const metadata: Metadata = { title: "Lote de consultas" };

export default async function BatchPage({ params }: { params: Promise<{ batchId: string }> }) {
  const { batchId } = await pageIds(params);
  const user = await requirePageUser(`/painel/lotes/${batchId}`);
  const view = await pageOr404(() => getBatchView(user.id, batchId));
  return (
    <PageShell
      title={`Lote de ${formatDateTimeBR(view.createdAt)}`}
      lead={`${view.progress.total} veículos consultados no Detran de cada estado.`}
      wide
    >
      <BatchDetail initial={view} />
    </PageShell>
  );
}
