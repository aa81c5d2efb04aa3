import type { Metadata } from "next";
import { RadarTokenForm } from "@/components/radar/radar-token-form";
import { Alert } from "@/components/ui/alert";
import { PageShell } from "@/components/ui/page-shell";
import { unsubscribeLinkView } from "@/lib/personal-data/radar-unsubscribe";
import { formatPlate } from "@/lib/rules/plate";
import { cancelRadarAction } from "./cancel-action";

export const metadata: Metadata = { title: "Parar avisos de débitos" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const DONE = {
  already_cancelled: {
    tone: "info",
    title: "Já cancelado",
    text: "Estes avisos já estavam cancelados e os dados do pedido já foram apagados. Você não receberá mais e-mails sobre ele.",
  },
  invalid: {
    tone: "danger",
    title: "Link inválido",
    text: "Este link de cancelamento não existe. Nada foi alterado. Use o link do último e-mail de avisos que você recebeu.",
  },
} as const;

const OUTCOMES = {
  ...DONE,
  cancelled: {
    tone: "success",
    title: "Avisos cancelados e dados apagados",
    text: "Paramos de acompanhar o veículo e apagamos a placa, o RENAVAM, o CPF/CNPJ e o e-mail guardados para os avisos. Você não receberá mais e-mails sobre ele.",
  },
  active: DONE.invalid,
} as const;

export default async function CancelRadarPage({ params }: Props) {
  const { token } = await params;
  const { state, plate } = await unsubscribeLinkView(token);
  const vehicle = plate ? ` do veículo ${formatPlate(plate)}` : "";
  return (
    <PageShell
      title="Parar avisos de débitos"
      lead={`Ao parar os avisos${vehicle}, apagamos na hora os dados que você nos deu para eles (placa, RENAVAM, CPF/CNPJ e e-mail).`}
    >
      {state === "active" ? (
        <RadarTokenForm
          token={token}
          action={cancelRadarAction}
          label="Parar os avisos e apagar meus dados"
          pendingLabel="Cancelando…"
          variant="danger"
          outcomes={OUTCOMES}
        />
      ) : (
        <Alert tone={DONE[state].tone} title={DONE[state].title}>
          <p>{DONE[state].text}</p>
        </Alert>
      )}
    </PageShell>
  );
}
