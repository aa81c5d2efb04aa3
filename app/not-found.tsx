import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";

export const metadata: Metadata = {
  title: "Página não encontrada",
  robots: { index: false, follow: false },
};

export default function NotFound() {
  return (
    <PageShell
      title="Página não encontrada"
      lead="O endereço não existe ou o link de pagamento está incompleto. Confira o link recebido ou peça um novo a quem enviou."
    >
      <div>
        <ButtonLink href="/" variant="secondary">
          Ir para a página inicial
        </ButtonLink>
      </div>
    </PageShell>
  );
}
