import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { ClientForm } from "@/components/workspace/clients/client-form";
import { ConfirmDelete } from "@/components/workspace/clients/confirm-delete";
import { VehicleForm } from "@/components/workspace/clients/vehicle-form";
import { VehicleItem } from "@/components/workspace/clients/vehicle-item";
import { requirePageUser, pageIds, pageOr404 } from "@/lib/auth/page-user";
import { getClient } from "@/lib/workspace/clients/clients";

export const metadata: Metadata = { title: "Cliente" };

type Props = { params: Promise<{ clientId: string }> };

export default async function ClientPage({ params }: Props) {
  const { clientId } = await pageIds(params);
  const user = await requirePageUser(`/painel/clientes/${encodeURIComponent(clientId)}`);
  const { client, edit } = await pageOr404(() => getClient(user.id, clientId));
  return (
    <PageShell
      title={client.name}
      lead={`CPF/CNPJ ${client.cpfCnpjMasked}${client.phone ? ` · ${client.phone}` : ""}${client.email ? ` · ${client.email}` : ""}`}
      wide
    >
      <p>
        <Link
          href="/painel/clientes"
          prefetch={false}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
        >
          ← Todos os clientes
        </Link>
      </p>
      <Card aria-labelledby="veiculos">
        <h2 id="veiculos" className="text-lg font-semibold text-slate-900">
          Veículos
        </h2>
        {client.vehicles.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            Nenhum veículo cadastrado para este cliente. Adicione o primeiro abaixo.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Veículos do cliente">
            {client.vehicles.map((v) => (
              <li key={v.id} aria-label={`Veículo ${v.plateLabel}`} className="py-3">
                <VehicleItem clientId={client.id} vehicle={v} />
              </li>
            ))}
          </ul>
        )}
        <h3 className="mb-3 mt-6 text-base font-semibold text-slate-900">Adicionar veículo</h3>
        <VehicleForm clientId={client.id} />
      </Card>
      <Card aria-labelledby="editar">
        <h2 id="editar" className="mb-4 text-lg font-semibold text-slate-900">
          Dados do cliente
        </h2>
        <ClientForm clientId={client.id} initial={edit} />
      </Card>
      <Card aria-labelledby="excluir">
        <h2 id="excluir" className="text-lg font-semibold text-slate-900">
          Excluir cliente
        </h2>
        <p className="mb-3 mt-1 text-sm text-slate-700">
          Apaga o cliente, os veículos, as consultas feitas para eles e os links ainda não pagos
          (LGPD). Links pagos ficam como registro do pagamento, sem o vínculo com o cliente.
        </p>
        <ConfirmDelete
          path={`/api/workspace/clients/${client.id}`}
          label="Excluir cliente"
          confirmText={`Excluir ${client.name} e tudo o que está ligado a ele? Não dá para desfazer.`}
          after="/painel/clientes?excluido=1"
        />
      </Card>
    </PageShell>
  );
}
