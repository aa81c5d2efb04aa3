import type { Metadata } from "next";
import { headers } from "next/headers";
import Script from "next/script";
import { PageShell } from "@/components/ui/page-shell";
import { REFERENCE_ASSET_BASE } from "@/lib/api/reference";

export const metadata: Metadata = { title: "Referência da API" };

// The OpenAPI document rendered for a despachante's developer (lib/api/reference.ts). The renderer
// is in English, as the API's messages are; the page around it speaks to people in pt-BR.
export default async function ApiReferencePage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <PageShell
      wide
      title="Referência da API"
      lead={
        <>
          Cada operação de <code>/api/v1</code>, com exemplos, erros e os webhooks que enviamos. As
          chaves são criadas em{" "}
          <a
            className="font-semibold text-brand-700 underline underline-offset-4"
            href="/painel/api"
          >
            Painel › API
          </a>
          ; o documento bruto está em{" "}
          <a
            className="font-semibold text-brand-700 underline underline-offset-4"
            href="/api/v1/openapi.json"
          >
            /api/v1/openapi.json
          </a>
          .
        </>
      }
    >
      <link rel="stylesheet" href={`${REFERENCE_ASSET_BASE}/swagger-ui.css`} precedence="default" />
      <div id="api-reference" className="min-h-96 rounded-lg bg-white" lang="en">
        <p className="p-4 text-slate-700" role="status">
          Carregando a referência…
        </p>
      </div>
      <Script
        src={`${REFERENCE_ASSET_BASE}/reference.js`}
        nonce={nonce}
        strategy="afterInteractive"
      />
    </PageShell>
  );
}
