import type { Metadata } from "next";
import Link from "next/link";
import { AccountActions } from "@/components/auth/account-actions";
import { AdoptBanner } from "@/components/workspace/links/adopt-banner";
import { OverviewTiles } from "@/components/workspace/overview-tiles";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { countPasskeys } from "@/lib/auth/passkeys";
import { workspaceOverview } from "@/lib/radar/overview";
import { senderName } from "@/lib/rules/sender-name";

export const metadata: Metadata = { title: "Início" };

export default async function WorkspaceHomePage() {
  const user = await requirePageUser("/painel");
  const [passkeys, overview] = await Promise.all([
    countPasskeys(user.id),
    workspaceOverview(user.id),
  ]);
  return (
    <PageShell
      title="Área do despachante"
      lead="Seus clientes, consultas em lote e links de pagamento, em qualquer computador."
      wide
    >
      <div className="mb-5 empty:hidden">
        <AdoptBanner />
      </div>
      <OverviewTiles overview={overview} />
      <Card aria-labelledby="conta">
        <h2 id="conta" className="text-lg font-semibold text-slate-900">
          Sua conta
        </h2>
        <p className="mt-1 text-sm text-slate-700">Entrou como {user.email}.</p>
        <p className="mt-1 text-sm text-slate-700">
          Seus clientes veem os links como enviados por <strong>{senderName(user)}</strong>.{" "}
          <Link
            href="/painel/perfil"
            prefetch={false}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Alterar seus dados
          </Link>
        </p>
        <div className="mt-4">
          <AccountActions passkeys={passkeys} />
        </div>
      </Card>
    </PageShell>
  );
}
