import type { Metadata } from "next";
import { AdoptBanner } from "@/components/workspace/links/adopt-banner";
import { WorkspaceLinksList } from "@/components/workspace/links/workspace-links-list";
import { PageShell } from "@/components/ui/page-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { senderName } from "@/lib/rules/sender-name";

export const metadata: Metadata = { title: "Links" };

export default async function WorkspaceLinksPage() {
  const user = await requirePageUser("/painel/links");
  return (
    <PageShell
      title="Links de pagamento"
      lead="Os links que você enviou, por cliente. A situação de cada um se atualiza sozinha."
      wide
    >
      <div className="flex flex-col gap-5">
        <AdoptBanner />
        <WorkspaceLinksList sender={senderName(user)} />
      </div>
    </PageShell>
  );
}
