import type { Metadata } from "next";
import { AccountActions } from "@/components/auth/account-actions";
import { AdoptBanner } from "@/components/workspace/links/adopt-banner";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { countPasskeys } from "@/lib/auth/passkeys";

export const metadata: Metadata = { title: "Início" };

export default async function WorkspaceHomePage() {
  const user = await requirePageUser("/painel");
  const passkeys = await countPasskeys(user.id);
  return (
    <PageShell title="Área do despachante" lead="Seus clientes, consultas em lote e links de pagamento, em qualquer computador." wide>
      <div className="mb-5 empty:hidden">
        <AdoptBanner />
      </div>
      <Card aria-labelledby="conta">
        <h2 id="conta" className="text-lg font-semibold text-slate-900">
          Sua conta
        </h2>
        <p className="mt-1 text-sm text-slate-700">Entrou como {user.email}.</p>
        <div className="mt-4">
          <AccountActions passkeys={passkeys} />
        </div>
      </Card>
    </PageShell>
  );
}
