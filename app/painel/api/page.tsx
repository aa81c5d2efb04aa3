import type { Metadata } from "next";
import { ApiKeyList } from "@/components/api/api-key-list";
import { NewApiKeyForm } from "@/components/api/new-api-key-form";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { listApiKeys } from "@/lib/api/keys";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "API" };

// The despachante's own software talks to us with these keys (docs/api.md): made here, shown once,
// revoked here. The reference of the API renders its OpenAPI document (/desenvolvedores/api).
export default async function ApiPage() {
  const user = await requirePageUser("/painel/api");
  const keys = await listApiKeys(user.id);
  return (
    <PageShell
      title="API para o seu sistema"
      lead="Com uma chave de API, o sistema do seu escritório cadastra clientes, inicia consultas em lote e gera links de pagamento sem passar por estas telas."
    >
      <Card aria-labelledby="new-key-title">
        <h2 id="new-key-title" className="mb-4 text-lg font-bold text-slate-900">
          Nova chave
        </h2>
        <NewApiKeyForm />
      </Card>
      <Card aria-labelledby="keys-title">
        <h2 id="keys-title" className="mb-2 text-lg font-bold text-slate-900">
          Suas chaves
        </h2>
        <ApiKeyList keys={keys} />
      </Card>
      <p className="text-sm text-slate-700">
        Para receber avisos no seu sistema quando um cliente paga, um lote termina ou o Radar
        encontra um débito:{" "}
        <a
          className="font-semibold text-brand-700 underline underline-offset-4"
          href="/painel/api/webhooks"
        >
          Webhooks
        </a>
        .
      </p>
      <p className="text-sm text-slate-700">
        Referência para desenvolvedores:{" "}
        <a
          className="font-semibold text-brand-700 underline underline-offset-4"
          href="/desenvolvedores/api"
        >
          Referência da API
        </a>{" "}
        (o documento OpenAPI em <code>/api/v1/openapi.json</code>) .
      </p>
    </PageShell>
  );
}
