import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { ClientForm } from "@/components/workspace/clients/client-form";
import { ClientSearch } from "@/components/workspace/clients/client-search";
import { requirePageUser } from "@/lib/auth/page-user";
import { listClients } from "@/lib/workspace/clients/clients";

export const metadata: Metadata = { title: "Clientes" };

type Props = { searchParams: Promise<{ q?: string | string[]; excluido?: string }> };

export default async function ClientsPage({ searchParams }: Props) {
  const user = await requirePageUser("/painel/clientes");
  const sp = await searchParams;
  const q = (typeof sp.q === "string" ? sp.q : "").slice(0, 100);
  const list = await listClients(user.id, q);
  return (
    <PageShell
      title="Clientes"
      lead="Seus clientes e os veículos de cada um. O CPF/CNPJ aparece mascarado; completo só na edição do cliente."
      wide
    >
      {sp.excluido ? (
        <Alert tone="success" live title="Cliente excluído">
          O cliente, seus veículos e suas consultas foram apagados.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/painel/clientes/importar" prefetch={false}>
          Importar planilha
        </ButtonLink>
        <ButtonLink
          href="/api/workspace/clients/import/template"
          prefetch={false}
          variant="secondary"
        >
          Baixar modelo (CSV)
        </ButtonLink>
      </div>
      {list.total === 0 ? (
        <Card aria-labelledby="sem-clientes">
          <h2 id="sem-clientes" className="text-lg font-semibold text-slate-900">
            Nenhum cliente ainda
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Importe a sua planilha de clientes e veículos, ou cadastre o primeiro cliente abaixo.
          </p>
        </Card>
      ) : (
        <Card aria-labelledby="lista-clientes">
          <h2 id="lista-clientes" className="text-lg font-semibold text-slate-900">
            {list.total.toLocaleString("pt-BR")} {list.total === 1 ? "cliente" : "clientes"}
          </h2>
          <ClientSearch initial={q} />
          {list.matching === 0 ? (
            <p role="status" className="mt-4 text-slate-700">
              Nenhum cliente encontrado para “{q}”.{" "}
              <Link
                href="/painel/clientes"
                prefetch={false}
                className="font-semibold text-brand-700 underline"
              >
                Limpar busca
              </Link>
            </p>
          ) : (
            <>
              {q ? (
                <p role="status" className="mt-3 text-sm text-slate-700">
                  {list.matching.toLocaleString("pt-BR")} encontrados para “{q}”.
                </p>
              ) : null}
              <ul className="mt-4 divide-y divide-slate-200" aria-label="Clientes">
                {list.clients.map((c) => (
                  <li
                    key={c.id}
                    aria-label={c.name}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4"
                  >
                    <Link
                      href={`/painel/clientes/${c.id}`}
                      prefetch={false}
                      className="flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline sm:w-64"
                    >
                      {c.name}
                    </Link>
                    <span className="text-sm tabular-nums text-slate-700 sm:w-44">
                      {c.cpfCnpjMasked}
                    </span>
                    <span className="text-sm text-slate-700">
                      {c.vehicleCount === 0
                        ? "Nenhum veículo"
                        : `${c.vehicleCount} ${c.vehicleCount === 1 ? "veículo" : "veículos"}: ${c.plates.slice(0, 4).join(", ")}${c.plates.length > 4 ? "…" : ""}`}
                    </span>
                  </li>
                ))}
              </ul>
              {list.matching > list.clients.length ? (
                <p className="mt-3 text-sm text-slate-700">
                  Mostrando {list.clients.length} de {list.matching.toLocaleString("pt-BR")}. Refine
                  a busca para ver os outros.
                </p>
              ) : null}
            </>
          )}
        </Card>
      )}
      <Card aria-labelledby="novo-cliente">
        <h2 id="novo-cliente" className="mb-4 text-lg font-semibold text-slate-900">
          Cadastrar cliente
        </h2>
        <ClientForm />
      </Card>
    </PageShell>
  );
}
