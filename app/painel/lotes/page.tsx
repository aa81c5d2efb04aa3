import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { BatchList } from "@/components/workspace/batches/batch-list";
import { requirePageUser } from "@/lib/auth/page-user";
import { listBatches } from "@/lib/workspace/batches/batch-view";

export const metadata: Metadata = { title: "Consultas em lote" };

export default async function BatchesPage() {
  const user = await requirePageUser("/painel/lotes");
  const batches = await listBatches(user.id);
  return (
    <PageShell
      title="Consultas em lote"
      lead="Consulte os débitos de até 500 veículos de uma vez; o lote continua mesmo que você feche a página."
      wide
    >
      <div>
        <ButtonLink href="/painel/lotes/novo">Nova consulta em lote</ButtonLink>
      </div>
      {batches.length === 0 ? (
        <Card>
          <p className="text-slate-800">Nenhum lote ainda.</p>
          <p className="mt-1 text-sm text-slate-700">
            Cadastre ou importe seus clientes e veículos, depois escolha quais consultar.
          </p>
        </Card>
      ) : (
        <BatchList batches={batches} />
      )}
    </PageShell>
  );
}
