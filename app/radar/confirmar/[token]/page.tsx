import type { Metadata } from "next";
import { RadarTokenForm } from "@/components/radar/radar-token-form";
import { Alert } from "@/components/ui/alert";
import { PageShell } from "@/components/ui/page-shell";
import { confirmLinkView } from "@/lib/radar/owner-confirm";
import { formatPlate } from "@/lib/rules/plate";
import { confirmRadarAction } from "./confirm-action";

export const metadata: Metadata = { title: "Confirmar avisos de débitos" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const STATES = {
  already_confirmed: {
    tone: "info",
    title: "Já confirmado",
    text: "Estes avisos já estão ativos. Você receberá um e-mail quando algo mudar nos débitos do veículo.",
  },
  cancelled: {
    tone: "warning",
    title: "Estes avisos foram cancelados",
    text: "Os dados deste pedido já foram apagados. Para receber avisos de novo, faça uma nova consulta e peça os avisos.",
  },
  expired: {
    tone: "warning",
    title: "Este link expirou",
    text: "O prazo para confirmar terminou. Faça uma nova consulta e peça os avisos de novo.",
  },
  invalid: {
    tone: "danger",
    title: "Link inválido",
    text: "Este link de confirmação não existe ou foi substituído por um mais novo. Nada foi alterado. Use o link do e-mail mais recente.",
  },
} as const;

const OUTCOMES = {
  ...STATES,
  confirmed: {
    tone: "success",
    title: "Avisos confirmados",
    text: "Pronto: vamos consultar este veículo toda semana e avisar por e-mail quando aparecer um débito novo ou um prazo estiver perto.",
  },
  pending: STATES.invalid,
} as const;

export default async function ConfirmRadarPage({ params }: Props) {
  const { token } = await params;
  const { state, plate } = await confirmLinkView(token);
  const vehicle = plate ? ` ${formatPlate(plate)}` : "";
  return (
    <PageShell
      title="Confirmar avisos de débitos"
      lead={`Confirme para começarmos a acompanhar os débitos do veículo${vehicle} e avisar você por e-mail.`}
    >
      {state === "pending" ? (
        <RadarTokenForm
          token={token}
          action={confirmRadarAction}
          label="Confirmar os avisos"
          pendingLabel="Confirmando…"
          outcomes={OUTCOMES}
        />
      ) : (
        <Alert tone={STATES[state].tone} title={STATES[state].title}>
          <p>{STATES[state].text}</p>
        </Alert>
      )}
    </PageShell>
  );
}
