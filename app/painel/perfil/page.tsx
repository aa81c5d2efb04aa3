import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-shell";
import { ProfileForm } from "@/components/workspace/profile/profile-form";
import { backPath } from "@/lib/auth/back-path";
import { PROFILE_PATH, requirePageUser } from "@/lib/auth/page-user";
import { hasProfile, senderName } from "@/lib/rules/sender-name";

export const metadata: Metadata = { title: "Seus dados" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Asked on the first sign-in, before any other workspace page (requirePageUser sends here), and
// not skippable: every link, e-mail and WhatsApp text a client gets names its sender, and a link
// from a bare e-mail address is what a scam looks like. Two fields, once; editable here after.
export default async function ProfilePage({ searchParams }: Props) {
  const user = await requirePageUser(PROFILE_PATH, { profile: false });
  const back = backPath((await searchParams).voltar);
  const first = !hasProfile(user);
  return (
    <PageShell
      title={first ? "Antes de começar: quem é você?" : "Seus dados"}
      lead="Seus clientes veem este nome em cada link de pagamento que você envia: no e-mail, na mensagem do WhatsApp e na página do link."
    >
      <Card>
        <ProfileForm
          initial={{
            name: user.name,
            officeName: user.officeName ?? "",
            cnpj: user.officeCnpj ?? "",
          }}
          back={back === PROFILE_PATH ? "/painel" : back}
          first={first}
        />
      </Card>
      {first ? null : (
        <p className="text-sm text-slate-700">
          Hoje seus clientes leem: <strong>{senderName(user)}</strong>.
        </p>
      )}
    </PageShell>
  );
}
