import type { Metadata } from "next";
import { LinksList } from "@/components/links/links-list";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = {
  title: "Meus links",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default function MyLinksPage() {
  return (
    <PageShell
      title="Meus links"
      lead="Os links de pagamento gerados neste navegador. A situação de cada um se atualiza sozinha."
    >
      <LinksList />
    </PageShell>
  );
}
