import type { Metadata } from "next";
import { RadarTokenForm } from "@/components/radar/radar-token-form";
import { Alert } from "@/components/ui/alert";
import { PageShell } from "@/components/ui/page-shell";
import { freshLookupState } from "@/lib/radar/owner-lookup";
import { formatPlate } from "@/lib/rules/plate";
import { freshLookupAction } from "./fresh-lookup-action";

export const metadata: Metadata = { title: "Consultar os débitos de novo" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const ENDED = {
  cancelled: {
    tone: "warning",
    title: "Estes avisos foram cancelados",
    text: "Os dados deste pedido foram apagados. Faça uma nova consulta com a placa, o RENAVAM e o CPF/CNPJ.",
  },
  invalid: {
    tone: "danger",
    title: "Link inválido",
    text: "Este link não é de um e-mail nosso. Nada foi consultado. Faça a consulta pela página inicial.",
  },
} as const;

export default async function FreshLookupPage({ params }: Props) {
  const { token } = await params;
  const state = await freshLookupState(token);
  return (
    <PageShell
      step="Veículo"
      title="Consultar os débitos de novo"
      lead="Usamos os dados que você já nos deu; nada precisa ser digitado."
    >
      {state.kind === "ready" ? (
        <>
          <p className="text-slate-800">
            Veículo <strong>{formatPlate(state.plate)}</strong>
          </p>
          <RadarTokenForm
            token={token}
            action={freshLookupAction}
            label="Consultar agora"
            pendingLabel="Consultando…"
            outcomes={{}}
          />
        </>
      ) : (
        <Alert tone={ENDED[state.kind].tone} title={ENDED[state.kind].title}>
          <p>{ENDED[state.kind].text}</p>
        </Alert>
      )}
    </PageShell>
  );
}
