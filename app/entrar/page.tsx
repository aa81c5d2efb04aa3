import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { backPath } from "@/lib/auth/back-path";
import { sessionUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  title: "Entrar — área do despachante",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const back = backPath(params.voltar);
  if (await sessionUser(await headers())) redirect(back);
  const linkError = params.erro !== undefined;
  return (
    <PageShell
      title="Área do despachante"
      lead="Entre para guardar seus clientes e veículos, consultar débitos em lote e acompanhar os links de pagamento de qualquer computador. Quem só vai pagar não precisa de conta."
    >
      {linkError ? (
        <Alert tone="warning" title="Este link de acesso não vale mais">
          Links de acesso valem por 15 minutos e só funcionam uma vez. Peça um novo abaixo.
        </Alert>
      ) : null}
      <Card>
        <SignInForm back={back} mailboxHint={env.mail.embedded} />
      </Card>
    </PageShell>
  );
}
