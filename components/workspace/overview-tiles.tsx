import Link from "next/link";
import type { WorkspaceOverview } from "@/lib/radar/overview";
import { formatDateTimeBR } from "@/lib/rules/money";

type Tile = { href: string; label: string; value: string; detail: string };

function tilesOf(o: WorkspaceOverview): Tile[] {
  const batch = o.lastBatch;
  return [
    {
      href: "/painel/radar",
      label: "Débitos novos",
      value: String(o.newDebts),
      detail: `${o.lastVisit ? "desde a sua última visita" : "encontrados pelo Radar"}${o.otherNotices > 0 ? ` · mais ${o.otherNotices} ${o.otherNotices === 1 ? "aviso" : "avisos"}` : ""}`,
    },
    {
      href: "/painel/links?status=open",
      label: "Links em aberto",
      value: String(o.openLinks),
      detail: "aguardando o pagamento do cliente",
    },
    {
      href: "/painel/links?paidToday=1",
      label: "Pagos hoje",
      value: String(o.paidToday),
      detail: "links pagos hoje",
    },
    {
      href: batch ? `/painel/lotes/${encodeURIComponent(batch.id)}` : "/painel/lotes/novo",
      label: "Último lote",
      value: batch ? `${batch.progress.done}/${batch.progress.total}` : "—",
      detail: batch
        ? `consultas de ${formatDateTimeBR(batch.createdAt)}${batch.progress.remaining > 0 ? ", em andamento" : ""}`
        : "nenhum lote ainda: faça o primeiro",
    },
    {
      href: "/painel/clientes",
      label: "Clientes",
      value: String(o.clients),
      detail: "cadastrados na sua conta",
    },
    {
      href: "/painel/radar#ligar",
      label: "Veículos no Radar",
      value: String(o.watchedVehicles),
      detail:
        o.watchedVehicles > 0 ? "verificados automaticamente" : "ligue o Radar para acompanhar",
    },
  ];
}

/** The workspace home's overview: each figure is a link to its page. */
export function OverviewTiles({ overview }: { overview: WorkspaceOverview }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Resumo da sua conta">
      {tilesOf(overview).map((t) => (
        <li key={t.label}>
          <Link
            href={t.href}
            prefetch={false}
            className="flex min-h-24 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:border-brand-600"
          >
            <span className="text-sm font-semibold text-slate-700">{t.label}</span>
            <span className="text-3xl font-bold tabular-nums text-slate-900">{t.value}</span>
            <span className="text-sm text-slate-700">{t.detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
