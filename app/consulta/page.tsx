import type { Metadata } from "next";
import { HydrateApart } from "@/components/forms/hydrate-apart";
import { LookupForm } from "@/components/lookup/lookup-form";
import { PageShell } from "@/components/ui/page-shell";
import { isUf } from "@/lib/rules/uf";

export const metadata: Metadata = { title: "Consultar débitos" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LookupFormPage({ searchParams }: Props) {
  const params = await searchParams;
  const placa = typeof params.placa === "string" ? params.placa.slice(0, 8) : "";
  const uf =
    typeof params.uf === "string" && isUf(params.uf.toUpperCase()) ? params.uf.toUpperCase() : "";
  return (
    <PageShell
      step="Veículo"
      title="Consultar débitos"
      lead="Com a UF, a placa, o RENAVAM e o CPF ou CNPJ do proprietário, buscamos multas, IPVA e licenciamento no órgão de trânsito do estado."
    >
      <HydrateApart>
        <LookupForm defaults={{ plate: placa, uf }} />
      </HydrateApart>
    </PageShell>
  );
}
