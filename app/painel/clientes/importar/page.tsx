import type { Metadata } from "next";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { ImportForm } from "@/components/workspace/clients/import-form";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Importar clientes" };

export default async function ImportPage() {
  await requirePageUser("/painel/clientes/importar");
  return (
    <PageShell
      title="Importar clientes e veículos"
      lead="Uma linha por veículo, com os dados do cliente. Importar de novo atualiza (pelo CPF/CNPJ e pela placa) e não duplica nada."
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
      <Card aria-labelledby="modelo">
        <h2 id="modelo" className="text-lg font-semibold text-slate-900">
          Modelo da planilha
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Colunas: <strong>nome, cpf_cnpj, telefone, email, placa, uf, renavam</strong> (telefone e
          email são opcionais; acentos e maiúsculas nos títulos não importam). Abre direto no Excel.
        </p>
        <ButtonLink
          href="/api/workspace/clients/import/template"
          prefetch={false}
          variant="secondary"
          className="mt-3"
        >
          Baixar modelo (CSV)
        </ButtonLink>
      </Card>
      <Card aria-labelledby="enviar">
        <h2 id="enviar" className="mb-4 text-lg font-semibold text-slate-900">
          Enviar planilha
        </h2>
        <ImportForm />
      </Card>
    </PageShell>
  );
}
