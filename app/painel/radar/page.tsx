import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { RadarCapForm } from "@/components/workspace/radar/radar-cap-form";
import { RadarFeed } from "@/components/workspace/radar/radar-feed";
import { RadarSettings } from "@/components/workspace/radar/radar-settings";
import { requirePageUser } from "@/lib/auth/page-user";
import { markRadarSeen, radarPageView } from "@/lib/radar/radar-view";
import { radarChoices } from "@/lib/radar/workspace-watches";

export const metadata: Metadata = { title: "Radar" };

export default async function RadarPage() {
  const user = await requirePageUser("/painel/radar");
  // Drawn against the previous visit, then this visit becomes the last one.
  const lastVisit = await markRadarSeen(user.id);
  const [view, clients] = await Promise.all([
    radarPageView(user.id, {}, lastVisit),
    radarChoices(user.id),
  ]);
  return (
    <PageShell
      title="Radar"
      lead="Multas novas, descontos que acabam e parcelas que vencem nos veículos dos seus clientes, sem consultar um por um."
      wide
    >
      <RadarFeed initial={view} />
      <Card aria-labelledby="ligar-titulo" id="ligar">
        <h2 id="ligar-titulo" className="text-lg font-semibold text-slate-900">
          Ligar ou desligar o Radar
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-700">
          Cada verificação é uma consulta ao Detran. Antes de confirmar você vê quantas consultas
          por mês a escolha custa.
        </p>
        {clients.length > 0 ? (
          <RadarSettings clients={clients} />
        ) : (
          <>
            <p className="text-slate-800">Você ainda não tem veículos cadastrados.</p>
            <ButtonLink href="/painel/clientes" variant="secondary" className="mt-4">
              Cadastrar clientes e veículos
            </ButtonLink>
          </>
        )}
        <div className="mt-6 border-t border-slate-200 pt-5">
          <RadarCapForm monthlyCap={view.monthlyCap} />
        </div>
      </Card>
    </PageShell>
  );
}
