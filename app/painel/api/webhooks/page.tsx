import type { Metadata } from "next";
import { WebhookEndpointForm } from "@/components/api-webhooks/webhook-endpoint-form";
import { WebhookEndpointList } from "@/components/api-webhooks/webhook-endpoint-list";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { listEndpoints } from "@/lib/api-events/endpoints";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requirePageUser("/painel/api/webhooks");
  const endpoints = await listEndpoints(user.id);
  return (
    <PageShell
      title="Webhooks"
      lead="Avisos automáticos para o seu sistema: quando um cliente paga um link, quando os débitos são quitados, quando um link expira sem pagamento, quando um lote de consultas termina e quando o Radar encontra um débito novo."
      wide
    >
      <div className="flex flex-col gap-5">
        <Card aria-labelledby="novo-endereco">
          <h2 id="novo-endereco" className="mb-3 text-lg font-semibold text-slate-900">
            Cadastrar um endereço
          </h2>
          <WebhookEndpointForm />
        </Card>
        <section aria-labelledby="enderecos" className="flex flex-col gap-3">
          <h2 id="enderecos" className="text-lg font-semibold text-slate-900">
            Endereços cadastrados
          </h2>
          <WebhookEndpointList initial={endpoints} />
        </section>
      </div>
    </PageShell>
  );
}
