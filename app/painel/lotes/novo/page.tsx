import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { NewBatchForm } from "@/components/workspace/batches/new-batch-form";
import { requirePageUser } from "@/lib/auth/page-user";
import { batchChoices } from "@/lib/workspace/batches/batch-view";

export const metadata: Metadata = { title: "Nova consulta em lote" };

export default async function NewBatchPage() {
  const user = await requirePageUser("/painel/lotes/novo");
  const clients = await batchChoices(user.id);
  const hasVehicles = clients.some((c) => c.vehicles.length > 0);
  return (
    <PageShell
      title="Nova consulta em lote"
      lead="Escolha todos os veículos, alguns clientes ou alguns veículos. Até 500 por lote."
      wide
    >
      <Card>
        {hasVehicles ? (
          <NewBatchForm clients={clients.filter((c) => c.vehicles.length > 0)} />
        ) : (
          <>
            <p className="text-slate-800">Você ainda não tem veículos cadastrados.</p>
            <ButtonLink href="/painel/clientes" variant="secondary" className="mt-4">
              Cadastrar clientes e veículos
            </ButtonLink>
          </>
        )}
      </Card>
    </PageShell>
  );
}
